/* The emulated rank: its link, its CPU meter, and what every intercepted call shares (EmulatedComm.java). One per
 * process, as MPI_COMM_WORLD is; the fields the lower-bound thread reads are atomics or the link's mutex. */
#ifndef MSE_RANK_H
#define MSE_RANK_H

#include <mpi.h>
#include <stdatomic.h>

#include "comm.h"
#include "cpu_meter.h"
#include "off_cpu.h"
#include "env.h"
#include "link.h"
#include "lower_bound.h"
#include "posted.h"

/* Where a receive puts its message, and the status it fills (may be MPI_STATUS_IGNORE). */
typedef struct mse_destination {
    void *buf;
    int count;
    MPI_Datatype type;
    MPI_Status *status;
    int error;               /* the receive's MPI error code once it completed: MPI_ERR_TRUNCATE when it did not fit */
    mse_route route;         /* the communicator and context the message comes on */
    /* NULL for the program's receives. A collective's staging receive, whose size only its sender knows (an interior
     * rank of MPI_Gatherv's tree), sets it: called with the granted message's byte count before MPI receives it, it
     * points buf, count and type at room for exactly that many bytes. */
    void (*fit)(struct mse_destination *into, int bytes);
    void *context;           /* what fit needs (a collective's staging entries) */
    /* NULL for a receive. A matched probe's (MPI_Mprobe) sets it: the granted message is matched by MPI's own
     * MPI_Mprobe into this handle, its data left for MPI_Mrecv, instead of being received. */
    MPI_Message *matched;
} mse_destination;

typedef struct {
    int active;              /* between MPI_Init and MPI_Finalize */
    int rank, np;            /* in MPI_COMM_WORLD */
    int tag_ub;              /* MPI_TAG_UB: the program's tags are 0..tag_ub */
    mse_settings settings;
    mse_link link;
    mse_cpu_meter meter;
    mse_off_cpu off_cpu;     /* real mode: the program's time off the CPU between calls (the program thread's) */
    mse_lower_bounds lower_bounds;
    atomic_long operations_begun; /* MPI calls begun: a CPU reading that saw this change overlapped one */
    atomic_int in_call;      /* inside an intercepted call, whose own CPU is never charged */
    int depth;               /* calls the program thread is inside (a collective sends and receives) */
    /* With settings.trace_calls: the program's call told to the emulator (CALL_ENTER) and not yet left; a call that
     * leaves the library and comes back before it returns (a collective's argument check) sets call_continues. */
    int call_open, call_continues;
    int32_t traced_requests; /* with settings.trace_calls: requests numbered so far (request_trace.c) */
    _Atomic int64_t unreported; /* program CPU measured when the current call began, not yet in a fact */
    /* What the emulator decided for the next receive of a pattern (told with the last grant). */
    int has_decided;
    mse_pattern decided_pattern;
    mse_envelope decided;
    mse_posted_list posted;
    mse_side side;
    /* Sends in flight: their packed copies go when they complete (MPI_Send returns at once, see p2p.c). */
    MPI_Request *detached;
    void **detached_data;
    int detached_first, detached_count, detached_room; /* in flight: first..count-1, oldest first */
    /* Messages MPI_Mprobe or MPI_Improbe matched and no MPI_Mrecv received yet, each with the program's communicator
     * it came on (mprobe.c: MPI_Mrecv's errors go to that communicator's handler). */
    struct mse_matched { MPI_Message message; MPI_Comm comm; } *matched;
    int matched_count, matched_room;
} mse_rank;

extern mse_rank mse_self;

/* The program calls in: its CPU since it last left a call is measured, first thing. */
void mse_enter(void);
/* mse_enter for an MPI call of the program, which must come between MPI_Init and MPI_Finalize; with
 * MSE_TRACE_CALLS=1 the outermost call is reported entered (CALL_ENTER, carrying the CPU before it) and mse_leave
 * reports it left (CALL_LEAVE), for the trace only. */
void mse_begin(const char *call);
/* Reports entering `call` now, with the program's CPU before it (mse_begin's, and MPI_Finalize's, which never leaves). */
void mse_call_entered(const char *call);
/* The call returns to the program: the CPU the library used itself is dropped, last thing. */
void mse_leave(void);
/* The CPU to charge with a call's first fact (measured, or nothing in a deterministic mode); later facts get 0. */
int64_t mse_charge(void);
/* The program CPU measured and not yet reported, which is now reported. */
int64_t mse_take_unreported(void);

/* Reports a fact, or flushes; on a failed link the rank dies naming the cause. */
void mse_report(const mse_fact *fact);
void mse_flush(void);
void mse_ask(const mse_fact *fact, mse_reply *answer);

/* Ends the run for this rank: Failed(reason) to the emulator (when it can still hear), one line on stderr
 * "mse-pmpi: rank N: reason", PMPI_Abort. */
_Noreturn void mse_die(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Failed(reason) to the emulator, when it can still hear, without ending anything here (an error handler will). */
void mse_report_failure(const char *reason);
/* An error the program goes on after (its handler returned): call's error, MPI's string of it, and that handler
 * (ERROR fact). Says nothing before MPI_Init or once the link has ended. */
void mse_report_error(const char *call, const char *error, const char *handler);
/* mse_die with the exit code MPI_Abort is given (mse_die ends with 1). */
_Noreturn void mse_end_run(int errorcode, const char *reason);
/* The call is not emulated: ends the run naming it. */
_Noreturn void mse_refuse(const char *call);
/* The size in bytes of count elements of type (MPI_Type_size_x: types of 2 GiB and more too), checked to fit the
 * wire's i32; anything larger ends the run naming call and the size (mse_die). */
int mse_message_bytes(const char *call, int count, MPI_Datatype type);

/* Starts emulating after PMPI_Init: settings, link, meter, lower-bound thread. Dies on any failure. */
void mse_rank_start(void);

/* The receive side (receive.c): plain receive of pattern into a destination, probes and polls. Sources in patterns
 * and envelopes are world ranks; a destination's route says on which communicator MPI receives. */
void mse_receive_into(mse_pattern pattern, mse_destination *into);
void mse_rank_side_init(void);
/* A receive of exactly pattern announced without waiting for its grant (the emulator settles its virtual time from
 * the facts alone, holding the rank's later facts until then), and taken later with mse_receive_announced: between
 * them the rank may block in a real collective of MPI without holding anyone's grant back (creating a communicator). */
void mse_receive_announce(mse_pattern pattern);
void mse_receive_announced(mse_envelope message, mse_destination *into);
/* The pattern of a receive from rank source (MPI_ANY_SOURCE too) of route's communicator with tag. */
mse_pattern mse_pattern_on(mse_route route, int source, int tag);

/* Sends (p2p.c): reports Sent and sends a packed copy to rank dest of the route's communicator without waiting;
 * MPI_PROC_NULL sends nothing. The tag is not checked here: the library's own messages choose theirs. */
void mse_send(const char *call, const void *buf, int count, MPI_Datatype type, mse_route route, int dest, int tag);
/* Tests the sends in flight (which moves MPI's progress along) and frees the copies of those complete; how many
 * are still in flight. The link calls it while the rank waits for an answer (link.h). */
int mse_progress_sends(void *unused);
/* Completes every send in flight, sleeping between tests rather than spinning in MPI (MPI_Finalize, once the rank
 * has said its last word: its receivers' grants may wait for the emulator to know that it sends nothing more). */
void mse_complete_sends(void);
/* An empty status: MPI_ANY_SOURCE, MPI_ANY_TAG, no error, nothing received. */
void mse_empty_status(MPI_Status *status);
/* What a receive from MPI_PROC_NULL gives: an empty status with source MPI_PROC_NULL. */
void mse_from_nobody(MPI_Status *status);

#endif
