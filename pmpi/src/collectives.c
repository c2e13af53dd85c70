/* MPI_Bcast, MPI_Reduce, MPI_Allreduce and MPI_Barrier, and their nonblocking twins, as the point-to-point messages of
 * the profile's tree (Collectives.java), sent and received like any other message: the emulator charges a collective
 * as exactly these messages under the same LogGPS rules, and a C rank's collective costs what a Java rank's does.
 * Each is a schedule (schedule.h): the blocking call runs it to its end, the nonblocking one as far as it can and on at
 * the tests and waits. The reduction is computed for real, by MPI's own PMPI_Reduce_local, so every predefined
 * datatype and operation (and the program's own operations) give MPI's result. */
#include <stdint.h>
#include <stdlib.h>

#include "schedule.h"

static void check_root(const char *call, const mse_comm *c, int root) {
    if (root < 0 || root >= c->size) {
        mse_die("%s with root %d outside 0..%d", call, root, c->size - 1);
    }
}

mse_tree mse_collective_tree(const char *call, const mse_comm *c, int root) {
    mse_tree tree;
    check_root(call, c, root);
    if (mse_tree_of(mse_self.settings.tree, c->size, root, c->rank, &tree) != 0) {
        mse_die("%s: out of memory for the collective's tree", call);
    }
    return tree;
}

void mse_collective_receive(mse_route route, int source, int tag, void *buf, int count, MPI_Datatype type) {
    mse_destination into = {.buf = buf, .count = count, .type = type, .status = MPI_STATUS_IGNORE, .route = route};
    mse_posted_recv(&mse_self.posted, mse_pattern_on(route, source, tag), &into);
}

/* The value from the parent (the root has it), then on to the children, farthest first. */
typedef struct {
    mse_schedule s;
    void *buf;
    int count, tag;
    MPI_Datatype type;
    int owns_type; /* type is the schedule's own (MPI_Allgatherv's blocks), freed with it */
    char nothing;  /* a barrier's zero bytes */
} fan_out;

static int fan_out_resume(mse_schedule *s) {
    fan_out *f = (fan_out *) s;
    if (s->phase++ == 0 && s->tree.parent != MSE_TREE_NONE) {
        return mse_schedule_receive(s, s->tree.parent, f->tag, f->buf, f->count, f->type, NULL, NULL);
    }
    for (int i = 0; i < s->tree.count; i++) {
        mse_send(s->call, f->buf, f->count, f->type, s->route, s->tree.fan_out[i], f->tag);
    }
    return 0;
}

static void fan_out_release(mse_schedule *s) {
    fan_out *f = (fan_out *) s;
    if (f->owns_type) {
        PMPI_Type_free(&f->type);
    }
}

mse_schedule *mse_fan_out(const char *call, mse_collective tags, int tag, void *buf, int count, MPI_Datatype type,
                          int root, int owns_type) {
    fan_out *f = mse_schedule_new(sizeof *f, call, tags, root, fan_out_resume, fan_out_release);
    f->tag = tags.first + tag;
    f->buf = buf;
    f->count = count;
    f->type = owns_type ? type : mse_schedule_type(&f->s, type);
    f->owns_type = owns_type;
    return &f->s;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Bcast", comm, count,
                                      type, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Bcast", comm, 0);
    return mse_collective_run(mse_fan_out("MPI_Bcast", tags, MSE_BCAST_TAG, buf, count, type, root, 0));
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Ibcast", comm, count,
                                      type, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Ibcast", comm, 1);
    return mse_collective_start(mse_fan_out("MPI_Ibcast", tags, MSE_BCAST_TAG, buf, count, type, root, 0), request);
}

void mse_copy_typed(const char *call, const void *from, void *to, int count, MPI_Datatype type) {
    int room, position = 0;
    PMPI_Pack_size(count, type, MPI_COMM_WORLD, &room);
    void *packed = malloc(room > 0 ? (size_t) room : 1);
    if (packed == NULL) {
        mse_die("%s: out of memory for %d bytes", call, room);
    }
    PMPI_Pack(from, count, type, packed, room, &position, MPI_COMM_WORLD);
    room = position;
    position = 0;
    PMPI_Unpack(packed, room, &position, to, count, type, MPI_COMM_WORLD);
    free(packed);
}

/* Bytes from the start of count elements' storage (its true lower bound) to the end of the last. */
static size_t span_of(int count, MPI_Datatype type, MPI_Aint *true_lb) {
    MPI_Aint lb, extent, true_extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, true_lb, &true_extent);
    return count == 0 ? 0 : (size_t) (true_extent + (MPI_Aint) (count - 1) * extent);
}

/* A temporary of the elements' span, addressed through the type's true lower bound (as MPICH's and Open MPI's own
 * reductions do), so that element i's bytes lie at (the returned address) + i * extent + their displacements. */
char *mse_reduce_operand(const char *call, int count, MPI_Datatype type, void **block) {
    MPI_Aint true_lb;
    size_t span = span_of(count, type, &true_lb);
    if ((*block = malloc(span + 1)) == NULL) {
        mse_die("%s: out of memory for %zu bytes (the span of its elements)", call, span);
    }
    return (char *) ((uintptr_t) *block - (uintptr_t) true_lb); /* true_lb may be an absolute address (MPI_BOTTOM) */
}

/* The values of this rank and of its subtree combined in rank order on the reduce's tree (tree.h), passed up; the
 * tree's root gets the result into acc. Children's values arrive in fan_in order; this rank's own goes at its place
 * among them (tree.h's mse_reduce_own_place), and each next value combines on the right of those before it. */
typedef struct {
    mse_schedule s;
    const void *own;
    void *recvbuf;
    int count, root, tree_root, own_place;
    MPI_Datatype type;
    MPI_Op op;
    char *acc, *next;
    void *blocks[2];
} reduce;

enum { REDUCE_COMBINING, REDUCE_ARRIVED, REDUCE_DETOUR };

static int reduce_resume(mse_schedule *s) {
    reduce *r = (reduce *) s;
    for (; s->i <= s->tree.count; s->i++) {
        int i = s->i;
        char *value = i == 0 ? r->acc : r->next; /* the first value is the start of the combination */
        if (s->phase == REDUCE_COMBINING && i == r->own_place) {
            mse_copy_typed(s->call, r->own, value, r->count, r->type);
        } else if (s->phase == REDUCE_COMBINING) {
            s->phase = REDUCE_ARRIVED;
            return mse_schedule_receive(s, s->tree.fan_in[i < r->own_place ? i : i - 1], s->tags + MSE_REDUCE_TAG,
                                        value, r->count, r->type, NULL, NULL);
        }
        s->phase = REDUCE_COMBINING;
        if (i > 0) {
            PMPI_Reduce_local(r->acc, r->next, r->count, r->type, r->op); /* next = acc op next */
            char *swap = r->acc;
            r->acc = r->next;
            r->next = swap;
        }
    }
    if (s->phase != REDUCE_DETOUR) {
        if (s->tree.parent != MSE_TREE_NONE) {
            mse_send(s->call, r->acc, r->count, r->type, s->route, s->tree.parent, s->tags + MSE_REDUCE_TAG);
        }
        if (r->tree_root != r->root && s->comm->rank == r->tree_root) {
            mse_send(s->call, r->acc, r->count, r->type, s->route, r->root, s->tags + MSE_REDUCE_TAG); /* the detour's
                                                                                                     * last */
        } else if (r->tree_root != r->root && s->comm->rank == r->root) {
            s->phase = REDUCE_DETOUR;
            return mse_schedule_receive(s, r->tree_root, s->tags + MSE_REDUCE_TAG, r->acc, r->count, r->type, NULL,
                                        NULL);
        }
    }
    if (s->comm->rank == r->root) { /* only the type's bytes: its gaps stay as they were */
        mse_copy_typed(s->call, r->acc, r->recvbuf, r->count, r->type);
    }
    return 0;
}

static void reduce_release(mse_schedule *s) {
    reduce *r = (reduce *) s;
    free(r->blocks[0]);
    free(r->blocks[1]);
}

mse_schedule *mse_reduce_to(const char *call, mse_collective tags, const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype type, MPI_Op op, int root) {
    int commutative;
    PMPI_Op_commutative(op, &commutative);
    check_root(call, tags.comm, root);
    int tree_root = mse_reduce_tree_root(mse_self.settings.tree, root, commutative);
    reduce *r = mse_schedule_new(sizeof *r, call, tags, tree_root, reduce_resume, reduce_release);
    r->acc = mse_reduce_operand(call, count, type, &r->blocks[0]);
    r->next = mse_reduce_operand(call, count, type, &r->blocks[1]);
    r->own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    r->recvbuf = recvbuf;
    r->count = count;
    r->type = mse_schedule_type(&r->s, type);
    r->op = op;
    r->root = root;
    r->tree_root = tree_root;
    r->own_place = mse_reduce_own_place(&r->s.tree, tags.comm->rank, commutative);
    return &r->s;
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Reduce", comm, count,
                                      type, root, &op, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Reduce", comm, 0);
    return mse_collective_run(mse_reduce_to("MPI_Reduce", tags, sendbuf, recvbuf, count, type, op, root));
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Ireduce", comm, count,
                                      type, root, &op, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Ireduce", comm, 1);
    return mse_collective_start(mse_reduce_to("MPI_Ireduce", tags, sendbuf, recvbuf, count, type, op, root), request);
}

/* The profile's reduce to rank 0, then its broadcast from there (Collectives.java has no allreduce of its own). */
static mse_schedule *allreduce(const char *call, mse_collective tags, const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype type, MPI_Op op) {
    mse_schedule *s = mse_reduce_to(call, tags, sendbuf, recvbuf, count, type, op, 0);
    s->then = mse_fan_out(call, tags, MSE_BCAST_TAG, recvbuf, count, type, 0, 0);
    return s;
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Allreduce", comm, count,
                                      type, MSE_NO_ROOT, &op, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Allreduce", comm, 0);
    return mse_collective_run(allreduce("MPI_Allreduce", tags, sendbuf, recvbuf, count, type, op));
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request) {
    int code = mse_collective_checked("MPI_Iallreduce", comm, count,
                                      type, MSE_NO_ROOT, &op, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Iallreduce", comm, 1);
    return mse_collective_start(allreduce("MPI_Iallreduce", tags, sendbuf, recvbuf, count, type, op), request);
}

/* A zero-byte fan-in to rank 0 and a zero-byte fan-out from it: nobody leaves before everyone came. */
static int fan_in_resume(mse_schedule *s) {
    fan_out *f = (fan_out *) s;
    if (s->i < s->tree.count) {
        int child = s->tree.fan_in[s->i++];
        return mse_schedule_receive(s, child, s->tags + MSE_BARRIER_TAG, &f->nothing, 0, MPI_BYTE, NULL, NULL);
    }
    if (s->tree.parent != MSE_TREE_NONE) {
        mse_send(s->call, &f->nothing, 0, MPI_BYTE, s->route, s->tree.parent, s->tags + MSE_BARRIER_TAG);
    }
    return 0;
}

static mse_schedule *barrier(const char *call, mse_collective tags) {
    fan_out *in = mse_schedule_new(sizeof *in, call, tags, 0, fan_in_resume, NULL);
    fan_out *out = (fan_out *) mse_fan_out(call, tags, MSE_BARRIER_TAG, NULL, 0, MPI_BYTE, 0, 0);
    out->buf = &out->nothing;
    in->s.then = &out->s;
    return &in->s;
}

int MPI_Barrier(MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Barrier", comm, 0, MPI_BYTE, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    return mse_collective_run(barrier("MPI_Barrier", mse_collective_begin("MPI_Barrier", comm, 0)));
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Ibarrier", comm, 0, MPI_BYTE, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    return mse_collective_start(barrier("MPI_Ibarrier", mse_collective_begin("MPI_Ibarrier", comm, 1)), request);
}
