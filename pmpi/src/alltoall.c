/* MPI_Alltoall, MPI_Alltoallv and MPI_Alltoallw and their nonblocking twins (one schedule, schedule.h): every rank
 * sends each other rank its block directly (tag MSE_ALLTOALL_TAG), nearest to the right first, then receives from the
 * left in turn; its own block is copied (docs/collectives.md). The v and w calls skip the blocks of zero bytes, as
 * MPICH's MPIR_Alltoallv_intra_scattered and Open MPI's basic linear alltoallv do: a block's sender and receiver both
 * know it is empty (MPI 3.1 §5.8: their type signatures match), so neither posts a message for it. */
#include <stdlib.h>
#include <string.h>

#include "schedule.h"

/* Where each rank's block lies in one buffer of an all-to-all: MPI_Alltoall's count elements of type at r * count
 * extents (counts NULL), Alltoallv's counts[r] elements of type at displs[r] extents (types NULL), Alltoallw's
 * counts[r] elements of types[r] at displs[r] bytes. The arrays are the schedule's own copies: a nonblocking call's
 * program may reuse its own once the call returns. */
typedef struct {
    int *counts, *displs;
    MPI_Datatype *types;
    int count;
    MPI_Datatype type;
} layout;

typedef struct {
    mse_schedule s;
    const void *sendbuf; /* MPI_IN_PLACE: the blocks to send are in recvbuf, laid out as to */
    void *recvbuf;
    layout from, to;
    int skip_empty; /* the v and w calls' blocks of zero bytes carry no message */
} alltoall;

static int count_of(const layout *l, int r) {
    return l->counts == NULL ? l->count : l->counts[r];
}

static MPI_Datatype type_of(const layout *l, int r) {
    return l->types == NULL ? l->type : l->types[r];
}

static char *block_of(const layout *l, const void *buf, int r) {
    if (l->types != NULL) {
        return (char *) buf + l->displs[r];
    }
    return mse_element_at(buf, l->counts == NULL ? (MPI_Aint) r * l->count : l->displs[r], l->type);
}

/* Whether rank r's block of l carries a message. */
static int carried(const alltoall *c, const layout *l, int r) {
    int size = 0;
    if (!c->skip_empty) {
        return 1;
    }
    PMPI_Type_size(type_of(l, r), &size);
    return count_of(l, r) != 0 && size != 0;
}

/* Every send, and this rank's own block, at the start. */
static void alltoall_send(alltoall *c) {
    int np = c->s.comm->size, me = c->s.comm->rank, in_place = c->sendbuf == MPI_IN_PLACE;
    int tag = c->s.tags + MSE_ALLTOALL_TAG;
    const char *call = c->s.call;
    const layout *from = in_place ? &c->to : &c->from;
    const void *sendbuf = in_place ? c->recvbuf : c->sendbuf;
    mse_entries kept = {NULL, 0, 0};
    if (in_place) { /* the blocks to send are in recvbuf, which the receives overwrite: each is packed first, through
                     * the type (never recvbuf's span), in the order they go; its own block stays where it is */
        for (int i = 1; i < np; i++) {
            int to = (me + i) % np;
            mse_add_entry(call, &kept, to, block_of(from, sendbuf, to), count_of(from, to), type_of(from, to));
        }
    }
    for (int i = 1, at = 0, next; i < np; i++, at = next) {
        int to = (me + i) % np;
        if (in_place) {
            mse_entries_rank_at(&kept, at, &next);
        }
        if (!carried(c, from, to)) {
            continue;
        }
        if (in_place) {
            mse_send(call, kept.bytes + at + MSE_ENTRY_HEADER_BYTES, next - at - MSE_ENTRY_HEADER_BYTES, MPI_PACKED,
                     c->s.route, to, tag);
        } else {
            mse_send(call, block_of(from, sendbuf, to), count_of(from, to), type_of(from, to), c->s.route, to, tag);
        }
    }
    if (!in_place) { /* its own block, copied through MPI's packing */
        mse_entries own = {NULL, 0, 0};
        mse_add_entry(call, &own, me, block_of(from, sendbuf, me), count_of(from, me), type_of(from, me));
        mse_unpack_entry(&own, 0, block_of(&c->to, c->recvbuf, me), count_of(&c->to, me), type_of(&c->to, me));
        mse_entries_free(&own);
    }
    mse_entries_free(&kept);
}

static int alltoall_resume(mse_schedule *s) {
    alltoall *c = (alltoall *) s;
    if (s->i == 0) {
        alltoall_send(c);
        s->i = 1;
    }
    while (s->i < s->comm->size) {
        int from = (s->comm->rank - s->i++ + s->comm->size) % s->comm->size;
        if (carried(c, &c->to, from)) {
            return mse_schedule_receive(s, from, s->tags + MSE_ALLTOALL_TAG, block_of(&c->to, c->recvbuf, from),
                                        count_of(&c->to, from), type_of(&c->to, from), NULL, NULL);
        }
    }
    return 0;
}

static void *copy_of(const char *call, const void *array, size_t bytes) {
    void *copy = malloc(bytes > 0 ? bytes : 1);
    if (copy == NULL) {
        mse_die("%s: out of memory for %zu bytes of its arguments", call, bytes);
    }
    return memcpy(copy, array, bytes);
}

/* The layout's arrays, copied for np ranks (types NULL: the v call's one type; counts NULL: nothing to copy). */
static layout layout_of(const char *call, int np, const int *counts, const int *displs, const MPI_Datatype *types,
                        int count, MPI_Datatype type) {
    layout l = {NULL, NULL, NULL, count, type};
    if (counts != NULL) {
        l.counts = copy_of(call, counts, sizeof(int) * (size_t) np);
        l.displs = copy_of(call, displs, sizeof(int) * (size_t) np);
    }
    if (types != NULL) {
        l.types = copy_of(call, types, sizeof(MPI_Datatype) * (size_t) np);
    }
    return l;
}

static void layout_free(layout *l) {
    free(l->counts);
    free(l->displs);
    free(l->types);
}

static void alltoall_release(mse_schedule *s) {
    alltoall *c = (alltoall *) s;
    layout_free(&c->from);
    layout_free(&c->to);
}

/* The schedule of any of the three calls: from is read only when sendbuf is not MPI_IN_PLACE (MPI 3.1 §5.8 ignores
 * the send arguments then, which may be anything). */
static mse_schedule *alltoall_of(const char *call, mse_collective tags, const void *sendbuf, layout from,
                                 void *recvbuf, layout to, int skip_empty) {
    alltoall *c = mse_schedule_new(sizeof *c, call, tags, MSE_TREE_NONE, alltoall_resume, alltoall_release);
    int np = tags.comm->size;
    c->sendbuf = sendbuf;
    c->recvbuf = recvbuf;
    c->skip_empty = skip_empty;
    if (sendbuf != MPI_IN_PLACE) {
        c->from = layout_of(call, np, from.counts, from.displs, from.types, from.count, from.type);
    }
    c->to = layout_of(call, np, to.counts, to.displs, to.types, to.count, to.type);
    for (int r = 0; c->to.types != NULL && r < np; r++) { /* the receives' types; the sends all leave at the start */
        c->to.types[r] = mse_schedule_type(&c->s, c->to.types[r]);
    }
    c->to.type = c->to.types == NULL ? mse_schedule_type(&c->s, c->to.type) : c->to.type;
    return &c->s;
}

/* The blocks of an Alltoallv or Alltoallw: counts[j] of member j's type to and from each member (in place, the
 * blocks sent are those of recvbuf, laid out as to). */
typedef struct {
    const layout *from, *to;
} all_blocks;

static void alltoallv_blocks(const void *arguments, int members, int me, int64_t *sends, int64_t *receives) {
    const all_blocks *b = arguments;
    (void) me;
    for (int j = 0; j < members; j++) {
        sends[j] = mse_block_bytes(count_of(b->from, j), type_of(b->from, j));
        receives[j] = mse_block_bytes(count_of(b->to, j), type_of(b->to, j));
    }
}

/* Runs (request NULL) or starts one of the calls, once its arguments are checked against this rank's own block. */
static int alltoall_call(const char *call, const void *sendbuf, layout from, void *recvbuf, layout to, MPI_Comm comm,
                         MPI_Request *request) {
    int v = to.counts != NULL, me = 0;
    const layout *own = sendbuf == MPI_IN_PLACE ? &to : &from;
    if (own->types != NULL && comm != MPI_COMM_NULL) { /* Alltoallw's own block's type stands for its types */
        PMPI_Comm_rank(comm, &me);
    }
    MPI_Datatype own_type = own->types != NULL ? own->types[me] : own->type;
    all_blocks blocks = {own, &to};
    int code = v ? mse_collective_checked_v(call, comm, 0, own_type, MSE_NO_ROOT, alltoallv_blocks, &blocks)
                 : mse_collective_checked(call, comm, own->count, own_type, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin(call, comm, request != NULL);
    mse_schedule *s = alltoall_of(call, tags, sendbuf, from, recvbuf, to, v);
    return request == NULL ? mse_collective_run(s) : mse_collective_start(s, request);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
    return alltoall_call("MPI_Alltoall", sendbuf, (layout) {NULL, NULL, NULL, sendcount, sendtype}, recvbuf,
                         (layout) {NULL, NULL, NULL, recvcount, recvtype}, comm, NULL);
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
    return alltoall_call("MPI_Ialltoall", sendbuf, (layout) {NULL, NULL, NULL, sendcount, sendtype}, recvbuf,
                         (layout) {NULL, NULL, NULL, recvcount, recvtype}, comm, request);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
    return alltoall_call("MPI_Alltoallv", sendbuf, (layout) {(int *) sendcounts, (int *) sdispls, NULL, 0, sendtype},
                         recvbuf, (layout) {(int *) recvcounts, (int *) rdispls, NULL, 0, recvtype}, comm, NULL);
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                   void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request) {
    return alltoall_call("MPI_Ialltoallv", sendbuf, (layout) {(int *) sendcounts, (int *) sdispls, NULL, 0, sendtype},
                         recvbuf, (layout) {(int *) recvcounts, (int *) rdispls, NULL, 0, recvtype}, comm, request);
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm) {
    return alltoall_call("MPI_Alltoallw", sendbuf,
                         (layout) {(int *) sendcounts, (int *) sdispls, (MPI_Datatype *) sendtypes, 0, MPI_BYTE},
                         recvbuf,
                         (layout) {(int *) recvcounts, (int *) rdispls, (MPI_Datatype *) recvtypes, 0, MPI_BYTE},
                         comm, NULL);
}

int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request *request) {
    return alltoall_call("MPI_Ialltoallw", sendbuf,
                         (layout) {(int *) sendcounts, (int *) sdispls, (MPI_Datatype *) sendtypes, 0, MPI_BYTE},
                         recvbuf,
                         (layout) {(int *) recvcounts, (int *) rdispls, (MPI_Datatype *) recvtypes, 0, MPI_BYTE},
                         comm, request);
}
