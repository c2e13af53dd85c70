/* The emulator's trace event stream (docs/otf2.md, "The event stream") read into memory: every rank's events,
 * sorted into the order OTF2 wants them in (time never going back on a location, every region left after it is
 * entered), the hosts and ranks' names, and the run's predicted end. Plain C, no libotf2: the unit tests read
 * streams without the library. */
#ifndef MSE_OTF2_EVENTS_H
#define MSE_OTF2_EVENTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The regions every archive defines, by their reference in it; REGION_CRITICAL marks the run's critical path. The MPI
 * calls the ranks reported follow, REGION_COUNT + the call's index in trace.calls. */
enum trace_region { REGION_PROGRAM, REGION_COMPUTE, REGION_SEND, REGION_RECV, REGION_CRITICAL, REGION_COUNT };

/* What an event is; at one timestamp events sort in this order, so that a region ending when the next begins is
 * left before that one is entered, a receive's message is taken before its region is left, a send's message leaves
 * after its region is entered, a call's requests start after it is entered and complete before it is left, and the
 * whole program encloses everything. An MPI call encloses the spans charged in
 * it and a collective call its begin and end; a call that takes no virtual time (KIND_CALL_INSTANT: its enter,
 * leave and collective marks) keeps the stream's order. A stretch of the critical path begins and ends where spans
 * and calls do (or between them; the reader moves an end inside a call to the call's), so it encloses those within
 * it: it is left after them and entered before them. */
enum trace_kind {
    KIND_PROGRAM_ENTER,
    KIND_MPI_RECV,
    KIND_LEAVE,
    KIND_COMPLETE,
    KIND_COLLECTIVE_END,
    KIND_CALL_LEAVE,
    KIND_CRITICAL_LEAVE,
    KIND_CRITICAL_ENTER,
    KIND_CALL_INSTANT,
    KIND_CALL_ENTER,
    KIND_COLLECTIVE_BEGIN,
    KIND_REQUEST,
    KIND_ENTER,
    KIND_MPI_SEND,
    KIND_PROGRAM_LEAVE
};

/* What a KIND_CALL_INSTANT event is: a call's enter, its requests' starts, a collective's begin and end, its requests'
 * completions, its leave. */
enum trace_instant { INSTANT_ENTER, INSTANT_REQUEST, INSTANT_COLLECTIVE_BEGIN, INSTANT_COLLECTIVE_END, INSTANT_COMPLETE, INSTANT_LEAVE };

/* The collectives MPI names, by the OTF2 operation archive.c gives them. */
enum trace_collective {
    COLLECTIVE_NONE = -1,
    COLLECTIVE_BARRIER,
    COLLECTIVE_BCAST,
    COLLECTIVE_GATHER,
    COLLECTIVE_GATHERV,
    COLLECTIVE_SCATTER,
    COLLECTIVE_SCATTERV,
    COLLECTIVE_ALLGATHER,
    COLLECTIVE_ALLGATHERV,
    COLLECTIVE_ALLTOALL,
    COLLECTIVE_REDUCE,
    COLLECTIVE_ALLREDUCE,
    COLLECTIVE_ALLTOALLV,
    COLLECTIVE_ALLTOALLW,
    COLLECTIVE_SCAN,
    COLLECTIVE_EXSCAN,
    COLLECTIVE_REDUCE_SCATTER,
    COLLECTIVE_REDUCE_SCATTER_BLOCK
};

/* How a message event shows inside a call: MpiSend/MpiRecv, or as a request's (MPI_Isend's MpiIsend and its
 * completion, a receive matched in MPI_Wait or MPI_Test as MpiIrecvRequest and MpiIrecv). */
enum trace_call_kind { CALL_PLAIN, CALL_SENDS_NONBLOCKING, CALL_COMPLETES_REQUESTS };

struct trace_event {
    uint64_t time;     /* virtual nanoseconds */
    uint64_t sequence; /* the order the stream gave, the last tie-break */
    uint64_t bytes;    /* message size (MPI events); a collective end's bytes sent */
    uint64_t received; /* a collective end's bytes received */
    uint32_t peer;     /* the other rank (MPI events: its world rank as read, its rank in comm once read); a
                        * collective's root in its communicator, UINT32_MAX where it has none */
    uint32_t tag;      /* message tag (MPI events) */
    uint32_t region;   /* enum trace_region, or REGION_COUNT + a call (enter, leave, collective marks) */
    int32_t context;   /* as the stream gives it: a message's context, 2 x a collective's communicator id, -1: none */
    uint32_t comm;     /* once read: the communicator's reference (enum trace_comm_ref; MPI events, collectives) */
    uint32_t request;  /* a request's number on its rank (KIND_REQUEST, KIND_COMPLETE and their instants) */
    uint32_t tags;     /* a request's: 0 a receive; a nonblocking collective's tags, from `tag` on, on its `context` */
    uint8_t kind;      /* enum trace_kind */
    uint8_t instant;   /* enum trace_instant (KIND_CALL_INSTANT) */
    uint8_t pending;   /* a request line's, until the call line it belongs to places it */
    uint8_t dropped;   /* not written: a receive its request's completion shows, or a completion of unknown start */
};

/* A stretch of the critical path on a rank, from its stream line. */
struct trace_stretch {
    uint64_t start, end;
};

/* The communicators every archive defines, by their reference in it; created communicators follow, TRACE_COMM_CREATED +
 * their index in trace.comms. */
enum trace_comm_ref { TRACE_COMM_WORLD, TRACE_COMM_SELF, TRACE_COMM_CREATED };

/* A communicator the program created (comm lines): who its members are, in world ranks, and what it was made from. */
struct trace_comm {
    int32_t id;        /* as the ranks name it: communicators with no member in common may share one */
    uint32_t leader;   /* the world rank of its rank 0 */
    uint32_t size;
    uint32_t *members; /* each rank's world rank, UINT32_MAX until its comm line is read */
    int32_t parent_id; /* the communicator it was made from, which its members belong to */
    uint32_t parent;   /* that one's reference, once read */
    char *call;        /* the call that made it (MPI_Comm_split, ...) */
};

/* A rank's place in a communicator it created: its id, the communicator (its index in trace.comms) and its rank there. */
struct trace_membership {
    int32_t id;
    uint32_t comm, index;
};

struct trace_rank {
    struct trace_membership *memberships;
    size_t membership_count;
    struct trace_event *events;
    size_t count, capacity;
    struct trace_stretch *stretches;
    size_t stretch_count;
    int32_t host; /* index into trace.hosts; -1 until a rank line names it */
    char *name;   /* NULL until a rank line names it */
};

struct trace {
    struct trace_rank *ranks; /* indexed by rank: ranks 0..rank_count-1 */
    size_t rank_count;
    char **hosts;
    size_t host_count;
    char **calls; /* the MPI calls' names, in the order the stream first names them */
    size_t call_count;
    struct trace_comm *comms; /* the communicators the program created, in the order the stream first names them */
    size_t comm_count;
    uint64_t end; /* the run's predicted end: the last event's time */
    uint64_t sequence;
};

/* The collective an MPI call is (MPI_Bcast and MPI_Ibcast are COLLECTIVE_BCAST), or COLLECTIVE_NONE. */
enum trace_collective trace_collective_of(const char *call);

/* How the messages of an MPI call show (MPI_Isend's sends are nonblocking, MPI_Wait's receives complete requests). */
enum trace_call_kind trace_call_kind_of(const char *call);

/* Reads a whole stream. On failure returns -1 with a one-line reason (naming the line) in `error`. On success
 * every rank up to the highest one seen has a host and a name and its events are sorted, enclosed in the program
 * region from 0 to the end. The trace must be freed with trace_free either way. */
int trace_read(FILE *in, struct trace *trace, char *error, size_t error_size);

void trace_free(struct trace *trace);

/* The stream's first line: its format and version. */
#define TRACE_STREAM_HEADER "mse-trace-events 3"

#endif
