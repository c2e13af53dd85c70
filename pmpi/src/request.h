/* The library's requests. An MPI_Irecv takes no message when posted (posted.h), so its request cannot be Open MPI's:
 * the handle the program holds points at one of these. A send completes when posted (p2p.c). A persistent request
 * (MPI_Send_init, MPI_Recv_init, ...; persistent.c) keeps its call's arguments and is started again and again: each
 * start is the matching nonblocking call, each completion leaves it inactive, not freed. */
#ifndef MSE_REQUEST_H
#define MSE_REQUEST_H

#include "rank.h"

struct mse_schedule;

typedef struct mse_request {
    uint32_t magic;          /* tells the library's requests from anything else handed in */
    int is_receive;
    mse_posted posted;       /* a receive's pattern and place among the pending ones */
    mse_destination into;    /* where a receive's message goes; a persistent send's buffer, count and type */
    int owns_type;           /* into.type is the library's copy of a derived type, freed with the request */
    MPI_Status status;       /* the receive's status, kept for the wait or test that completes it */
    int persistent;          /* made by an MPI_*_init call: completion makes it inactive, MPI_Request_free frees it */
    int active;              /* a persistent request between MPI_Start and its completion */
    const char *call;        /* a persistent request's init call, named in its sends' messages */
    int peer, tag;           /* a persistent send's destination and tag */
    int collective;          /* a nonblocking collective's: not cancellable (MPI 3.1 §5.12) */
    struct mse_schedule *schedule; /* a collective's, until it is done: resumed as each of its receives completes */
    struct mse_request *prev_pending, *next_pending; /* a collective's place among the pending ones */
    int in_set;              /* while a call over a set gathers it (request_sets.c) */
    mse_comm *comm;          /* a receive's, persistent or collective request's communicator, held while it lives
                              * (comm.h); NULL for a send's */
    int32_t traced;          /* with an OTF2 trace: its number, told when it started (request_trace.c); 0: none */
} mse_request;

/* An operation's own hold on a derived type, which the program may free while the operation is pending (and create
 * other types that reuse its handle; MPI 3.1 §4.1.9: communication using a freed type completes normally): 1 and a
 * committed copy in *kept, which its holder frees, or 0 and the type itself for a predefined one. */
int mse_type_keep(const char *call, MPI_Datatype type, MPI_Datatype *kept);

/* A new request of the library, complete (a send) until the caller posts its receive. */
mse_request *mse_request_new(int is_receive);
/* A new request handle: a completed send, a receive posted now, or a receive already complete with status (an
 * MPI_Imrecv's). */
MPI_Request mse_request_send(void);
MPI_Request mse_request_complete(const MPI_Status *status);
MPI_Request mse_request_receive(void *buf, int count, MPI_Datatype type, mse_route route, int source, int tag);
/* A new inactive persistent request: a send of count elements of type at buf to peer (a rank of the route's
 * communicator; its type held as a pending receive holds one), or a receive from peer into them. */
mse_request *mse_request_persistent(const char *call, int is_receive, const void *buf, int count, MPI_Datatype type,
                                    mse_route route, int peer, int tag);
/* Posts a receive into r's destination: r becomes pending, or complete at once from MPI_PROC_NULL. */
void mse_request_post_receive(mse_request *r, int source, int tag);

/* A collective's request: its schedule run until it needs a message (schedule.h). */
MPI_Request mse_request_collective(struct mse_schedule *s);
/* A collective's schedule resumed past each receive of it that completed: 1 once the request is complete (any other
 * request: whether it is). */
int mse_request_progress(mse_request *r);
/* How many collectives of the rank wait for a message, and the oldest of them (the next: its next_pending); only the
 * program thread reads them. */
int mse_collectives_pending(void);
mse_request *mse_collectives_first(void);
/* MPI_Wait's and MPI_Test's work on an active request: wait finishes it and returns its error code; test finishes it
 * and returns 1 when it is complete as of now, its error code in *code, else returns 0. Either moves the rank's other
 * pending collectives on meanwhile (request_progress.c). */
int mse_request_wait(MPI_Request *handle, MPI_Status *status);
int mse_request_test(MPI_Request *handle, MPI_Status *status, int *code);
/* MPI_Request_get_status's: MPI_Test's look, the request left to the program; 1 and its status once complete. */
int mse_request_look(MPI_Request handle, MPI_Status *status);

/* The set calls' work for MPI_Wait and MPI_Test (request_sets.c): the request of requests[0] waited for (blocking) or
 * tested as of now, the others' messages given to them as they come; 1 when requests[0] is complete. */
int mse_requests_progress_first(int count, MPI_Request requests[], int blocking);
/* MPI_Probe's (blocking) and MPI_Iprobe's look for wanted, the rank's pending collectives moving on meanwhile as Open
 * MPI's progress moves them in any call: 1 and the first message for wanted no pending receive takes first, or 0 when
 * nothing for it has arrived as of now (not blocking). The blocking receives (MPI_Recv, MPI_Sendrecv) and the matched
 * probes look so before they receive or match what it found. */
int mse_probe_progressing(mse_pattern wanted, int blocking, mse_envelope *first);

/* With an OTF2 trace asked for (settings.trace_calls), the start of a receive request the program posted (MPI_Irecv,
 * MPI_Start of MPI_Recv_init's) or of a nonblocking collective, and a traced request's completion to the program, told
 * to the emulator (request_trace.c); nothing without one. */
void mse_request_trace_receive(mse_request *r);
void mse_request_trace_collective(mse_request *r, int32_t context, int32_t first_tag);
void mse_request_trace_complete(mse_request *r);

/* The library's request behind a handle the program passed to call; dies naming call when it is not one. */
mse_request *mse_request_own(const char *call, MPI_Request handle);
/* True for a request a wait or test has something to complete in: not MPI_REQUEST_NULL, and not a persistent request
 * that is inactive (MPI 3.1 §3.7.3: both complete at once with an empty status). */
int mse_request_active(const char *call, MPI_Request handle);
/* The request completed: its status to the program (whose MPI_ERROR stays as it was), the request freed and the
 * handle set to MPI_REQUEST_NULL, or a persistent request made inactive with the handle kept; its MPI error code
 * (MPI_ERR_TRUNCATE for a receive that did not fit). */
int mse_request_finish(MPI_Request *handle, MPI_Status *status);
/* The error a call over several requests returns (MPI 3.1 §3.7.5): the first failed request's code goes to its
 * communicator's error handler, and the call returns MPI_ERR_IN_STATUS, each status saying its own. */
int mse_requests_error(const char *call, MPI_Comm comm, int first_error);
/* The communicator whose error handler a request's failure goes to: its own, MPI_COMM_WORLD for a send's or a null
 * request (whose completions never fail). */
MPI_Comm mse_request_comm(MPI_Request handle);

#endif
