/* MPI's matching of posted receives, done by the rank itself (PostedReceives.java): an MPI_Irecv takes no message
 * when posted; it is matched when the program tests or waits, and then each message, in virtual arrival order, goes
 * to the earliest-posted pending receive it matches, as MPI would have given it when it arrived. A blocking receive
 * or probe, an iprobe, a test and a wait all follow that rule. No MPI here: the receive side is a table of
 * functions, so the unit tests drive the rules with a scripted one. */
#ifndef MSE_POSTED_H
#define MSE_POSTED_H

#include "wire.h"

/* A posted receive. target is what side->take fills when a message is given to it (the request, in the library). */
typedef struct mse_posted {
    mse_pattern pattern;
    int complete;
    void *target;
    struct mse_posted *prev, *next; /* pending list, in posting order */
    int set_position;        /* 1 + its index in the set a wait or test over several is matching; 0 otherwise */
} mse_posted;

/* The rank's receive side: the grant-asking primitives of the library. */
typedef struct {
    /* Blocks until a message matching any pattern has arrived; the first to arrive, left queued. */
    mse_envelope (*probe)(void *ctx, const mse_pattern *patterns, int count);
    /* As of now: 1 and the first matching message that has arrived (left queued), or 0. */
    int (*poll)(void *ctx, const mse_pattern *patterns, int count, mse_envelope *first);
    /* The plain blocking receive of the first message matching wanted into target (wildcards only where no pending
     * receive could take the message first: then the emulator decides). */
    void (*take)(void *ctx, mse_pattern wanted, void *target);
    void *ctx;
} mse_side;

typedef struct {
    const mse_side *side;
    mse_posted *head, *tail; /* pending receives, in posting order */
} mse_posted_list;

/* MPI matching with wildcards within one context (MessagePattern.java): messages of different contexts never match. */
int mse_pattern_matches(mse_pattern p, mse_envelope message);
int mse_pattern_overlaps(mse_pattern a, mse_pattern b);

void mse_posted_add(mse_posted_list *list, mse_posted *request);
/* A blocking receive posted now into target: it gets the first message no pending receive takes first. */
void mse_posted_recv(mse_posted_list *list, mse_pattern wanted, void *target);
/* A blocking probe: the first message no pending receive takes first. */
mse_envelope mse_posted_probe(mse_posted_list *list, mse_pattern wanted);
/* MPI_Iprobe: 1 and the first message no pending receive takes first, or 0. */
int mse_posted_iprobe(mse_posted_list *list, mse_pattern wanted, mse_envelope *first);
/* MPI_Test of a pending receive: 1 once complete. */
int mse_posted_test(mse_posted_list *list, mse_posted *request);
/* MPI_Wait of a pending receive. */
void mse_posted_wait(mse_posted_list *list, mse_posted *request);
/* The calls over a set of requests ask the emulator for the set's distinct patterns, fewest first (patterns.h),
 * however many requests share them, and a message given to a request of the set costs a table look-up. */
/* MPI_Waitany: the index of the request whose message arrives first (complete ones answer at once); every
 * request must be posted on this list or complete; -1 when memory runs out. */
int mse_posted_wait_any(mse_posted_list *list, mse_posted *const *requests, int count);
/* MPI_Testany as of the rank's virtual now: the index of a complete request (the first in the set, after the
 * messages that have arrived went to their receives), -1 when none is, -2 when memory runs out. */
int mse_posted_test_any(mse_posted_list *list, mse_posted *const *requests, int count);
/* MPI_Testsome's matching: every message that has arrived as of now for a pending request of the set goes to its
 * receive (the caller collects the complete ones); -1 when memory runs out. */
int mse_posted_test_some(mse_posted_list *list, mse_posted *const *requests, int count);
/* MPI_Probe (blocking) or MPI_Iprobe (as of now) for wanted while the pending receives of a set move on: every message
 * for a request of the set is given to it as it comes (the caller resumes what waits on them). 1 and the first message
 * for wanted no pending receive takes first; 0 when a request of the set completed first (blocking), or when nothing
 * for wanted has arrived as of now and every message that had for the set went to it (not blocking); -1 when memory
 * runs out. */
int mse_posted_probe_among(mse_posted_list *list, mse_pattern wanted, mse_posted *const *requests, int count,
                           int blocking, mse_envelope *first);
/* MPI_Cancel of a receive: a pending one leaves the list, complete with no message (nothing was matched to it, and
 * the emulator never heard of it); a complete one is left as it is. */
void mse_posted_cancel(mse_posted_list *list, mse_posted *request);
/* True when request is still pending on this list. */
int mse_posted_pending(const mse_posted_list *list, const mse_posted *request);

#endif
