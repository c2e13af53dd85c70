/* A collective as a schedule (libNBC's idea; MPI 3.1 §5.12): the point-to-point messages of the profile's tree, run by
 * the rank itself from where it last stopped. It runs in the call until it needs a message (a receive is posted for
 * it, as an MPI_Irecv's is) and on at each test or wait that completes that receive, so a nonblocking collective
 * sends exactly the messages of its blocking twin in the same order, and a blocking collective is its schedule run to
 * the end at once. Each kind of collective is a struct with a schedule first, and a resume function. */
#ifndef MSE_SCHEDULE_H
#define MSE_SCHEDULE_H

#include "collective.h"
#include "errors.h"

struct mse_request;

#define MSE_SCHEDULE_OWNS 3

typedef struct mse_schedule {
    const char *call;
    mse_comm *comm;                          /* the communicator it runs over (held until it is freed, comm.h) */
    mse_route route;                         /* its messages: the communicator's library context */
    int tags;                                /* the collective's first tag (collective.h) */
    int root;                                /* the root of its tree, or MSE_TREE_NONE */
    /* Runs on from where it stopped: 1 when it posted a receive and waits for it, 0 when it is done. */
    int (*resume)(struct mse_schedule *s);
    void (*release)(struct mse_schedule *s); /* frees what it holds beyond its tree (NULL: nothing) */
    struct mse_schedule *then;               /* run after it on the same request (an allreduce's broadcast) */
    struct mse_request *request;             /* whose receive it posts */
    int phase, i;                            /* where it stopped */
    mse_tree tree;                           /* this rank's place in its tree, built at the start */
    void *owned[MSE_SCHEDULE_OWNS];          /* blocks freed with it (mse_schedule_own) */
    MPI_Datatype *held;                      /* the derived types it holds (mse_schedule_type) */
    int held_count;
} mse_schedule;

/* The start of a collective call: mse_begin, the communicator found (one MSE does not emulate ends the run), and the
 * collective's first tag on its library context: 0 for a blocking one; for a nonblocking one, tags of its own above,
 * numbered in the order the program starts its nonblocking collectives on that communicator (the same on every member,
 * MPI 3.1 §5.12), so that its messages never meet those of a blocking collective or of another one pending. */
mse_collective mse_collective_begin(const char *call, MPI_Comm comm, int nonblocking);
/* Before mse_collective_begin: Open MPI's checks of the call's arguments (errors.h), given this rank's own count and
 * type (the block it sends, or with MPI_IN_PLACE the one in place), its root (MSE_NO_ROOT: none) and operation (NULL:
 * none). Wrong ones: the handler is invoked and their code returned, for the call to return having moved nothing.
 * Right ones: the emulator is told what every rank of this collective must agree on (sized: count times the type's
 * size; the v calls' sizes differ between ranks), which it compares across the ranks (the argument check), and
 * MPI_SUCCESS. */
int mse_collective_checked(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op,
                           int sized);
/* A v collective's blocks as this rank sees them: what it sends to and what it expects from each of the members (it is
 * me among them), in bytes (count times the type's size; -1 where nothing), filled from the call's arguments. */
typedef void (*mse_blocks_fill)(const void *arguments, int members, int me, int64_t *sends, int64_t *receives);
int64_t mse_block_bytes(int count, MPI_Datatype type);
/* mse_collective_checked of a v collective (Gatherv, Scatterv, Allgatherv, Alltoallv, Alltoallw and their nonblocking
 * twins): the emulator is told its blocks too (BLOCKS, after COLLECTIVE), and compares what each member sends to each
 * other with what that one expects from it (MPI 3.1 §5.5, §5.6, §5.7, §5.8: the type signatures of every pair match). */
int mse_collective_checked_v(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root,
                             mse_blocks_fill fill, const void *arguments);
/* The end of a blocking collective call: its schedule run to the end, then mse_leave. */
int mse_collective_run(mse_schedule *s);
/* The end of a nonblocking one: its request, the schedule run until it needs a message, then mse_leave. */
int mse_collective_start(mse_schedule *s, MPI_Request *request);

/* A new schedule of `size` bytes (the collective's struct) for call over the collective's communicator, with its tree
 * over the communicator's ranks rooted at root (none when root is MSE_TREE_NONE; a root outside the ranks ends the run
 * naming call). */
void *mse_schedule_new(size_t size, const char *call, mse_collective tags, int root, int (*resume)(mse_schedule *s),
                       void (*release)(mse_schedule *s));
/* The type the schedule uses after its call returned: a nonblocking collective's own hold on a derived type (as a
 * pending receive's, request.h), freed with the schedule, so the program may free its handle before the wait; a
 * blocking collective's is the program's, which cannot be freed while the call runs. */
MPI_Datatype mse_schedule_type(mse_schedule *s, MPI_Datatype type);
/* Posts the schedule's next receive, of exactly (source, a rank of its communicator, tag) on its library context into
 * count elements of type at buf (fit and context as mse_destination's); returns 1, for resume to return. */
int mse_schedule_receive(mse_schedule *s, int source, int tag, void *buf, int count, MPI_Datatype type,
                         void (*fit)(mse_destination *into, int bytes), void *context);
/* The status of the receive that completed last. */
const MPI_Status *mse_schedule_received(const mse_schedule *s);
/* Frees a schedule and those that follow it. */
void mse_schedule_free(mse_schedule *s);

/* A reduce of count elements of type with op to root (collectives.c): each rank's value from sendbuf (MPI_IN_PLACE:
 * from recvbuf), the result into root's recvbuf. */
mse_schedule *mse_reduce_to(const char *call, mse_collective tags, const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype type, MPI_Op op, int root);
/* A scatter from root (scatter_gather.c) of sendbuf's blocks: counts[r] elements of type at displs[r] extents, or
 * (counts NULL) count elements at r * count extents, read when the schedule first runs, so that it may follow one that
 * computes them; each rank's into recvcount elements of recvtype at recvbuf. */
mse_schedule *mse_scatter_from(const char *call, mse_collective tags, const void *sendbuf, const int *counts,
                               const int *displs, int count, MPI_Datatype type, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root);
/* Gives the schedule a block to free with it (a reduce-scatter's arrays and temporary); at most MSE_SCHEDULE_OWNS. */
void mse_schedule_own(mse_schedule *s, void *block);

/* A broadcast of count elements of type at buf from root on the collective's tag (collectives.c): the value from the
 * parent, then on to the children, farthest first; owns_type: type is the schedule's, freed with it. */
mse_schedule *mse_fan_out(const char *call, mse_collective tags, int tag, void *buf, int count, MPI_Datatype type,
                          int root, int owns_type);

#endif
