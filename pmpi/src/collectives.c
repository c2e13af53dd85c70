/* MPI_Bcast, MPI_Reduce and MPI_Barrier as the point-to-point messages of the profile's tree over the communicator's
 * ranks, on its library context (Collectives.java), sent and received like any other message: the emulator charges a collective as exactly these
 * messages under the same LogGPS rules, and a C rank's collective costs what a Java rank's does. The reduction is
 * computed for real, by MPI's own PMPI_Reduce_local, so every predefined datatype and operation (and the program's
 * own operations) give MPI's result. */
#include <stdint.h>
#include <stdlib.h>

#include "collective.h"

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

void mse_collective_receive(mse_route route, int source, int tag, void *buf, int count, MPI_Datatype type,
                            MPI_Status *status) {
    mse_destination into = {.buf = buf, .count = count, .type = type, .status = status, .route = route};
    mse_posted_recv(&mse_self.posted, mse_pattern_on(route, source, tag), &into);
}

/* The value from the parent (the root has it), then on to the children, farthest first. */
static void fan_out(const char *call, const mse_comm *c, void *buf, int count, MPI_Datatype type, int root, int tag) {
    mse_route route = mse_library_route(c);
    mse_tree tree = mse_collective_tree(call, c, root);
    if (tree.parent != MSE_TREE_NONE) {
        mse_collective_receive(route, tree.parent, tag, buf, count, type, MPI_STATUS_IGNORE);
    }
    for (int i = 0; i < tree.count; i++) {
        mse_send(call, buf, count, type, route, tree.fan_out[i], tag);
    }
    mse_tree_free(&tree);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
    mse_begin("MPI_Bcast");
    fan_out("MPI_Bcast", mse_comm_of("MPI_Bcast", comm), buf, count, type, root, MSE_BCAST_TAG);
    mse_leave();
    return MPI_SUCCESS;
}

/* Bytes from the start of count elements' storage (its true lower bound) to the end of the last. */
static size_t span_of(int count, MPI_Datatype type, MPI_Aint *true_lb) {
    MPI_Aint lb, extent, true_extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, true_lb, &true_extent);
    return count == 0 ? 0 : (size_t) (true_extent + (MPI_Aint) (count - 1) * extent);
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

/* Room for count elements of type laid out as the type says, for PMPI_Reduce_local's operands: a temporary of the
 * elements' span, addressed through the type's true lower bound (as MPICH's and Open MPI's own reductions do), so
 * that element i's bytes lie at (the returned address) + i * extent + their displacements. *block is what to free. */
static char *operand(size_t span, MPI_Aint true_lb, void **block) {
    if ((*block = malloc(span + 1)) == NULL) {
        mse_die("MPI_Reduce: out of memory for %zu bytes (the span of its elements)", span);
    }
    return (char *) ((uintptr_t) *block - (uintptr_t) true_lb); /* true_lb may be an absolute address (MPI_BOTTOM) */
}

/* The values of this rank and of its subtree combined in rank order on the reduce's tree (tree.h), passed up; the
 * tree's root gets the result into acc. Children's values arrive in fan_in order; this rank's own goes at its place
 * among them (tree.h's mse_reduce_own_place), and each next value combines on the right of those before it. */
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
    mse_begin("MPI_Reduce");
    const mse_comm *c = mse_comm_of("MPI_Reduce", comm);
    mse_route route = mse_library_route(c);
    int commutative;
    PMPI_Op_commutative(op, &commutative);
    check_root("MPI_Reduce", c, root);
    int tree_root = mse_reduce_tree_root(mse_self.settings.tree, root, commutative);
    mse_tree tree = mse_collective_tree("MPI_Reduce", c, tree_root);
    MPI_Aint true_lb;
    size_t span = span_of(count, type, &true_lb);
    void *blocks[2];
    char *acc = operand(span, true_lb, &blocks[0]), *next = operand(span, true_lb, &blocks[1]);
    const void *own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    int own_place = mse_reduce_own_place(&tree, c->rank, commutative);
    for (int i = 0; i <= tree.count; i++) {
        char *value = i == 0 ? acc : next; /* the first value is the start of the combination */
        if (i == own_place) {
            mse_copy_typed("MPI_Reduce", own, value, count, type);
        } else {
            mse_collective_receive(route, tree.fan_in[i < own_place ? i : i - 1], MSE_REDUCE_TAG, value, count, type,
                                   MPI_STATUS_IGNORE);
        }
        if (i > 0) {
            PMPI_Reduce_local(acc, next, count, type, op); /* next = acc op next */
            char *swap = acc;
            acc = next;
            next = swap;
        }
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send("MPI_Reduce", acc, count, type, route, tree.parent, MSE_REDUCE_TAG);
    }
    if (tree_root != root && c->rank == tree_root) {
        mse_send("MPI_Reduce", acc, count, type, route, root, MSE_REDUCE_TAG); /* the detour's last message */
    } else if (tree_root != root && c->rank == root) {
        mse_collective_receive(route, tree_root, MSE_REDUCE_TAG, acc, count, type, MPI_STATUS_IGNORE);
    }
    if (c->rank == root) {
        mse_copy_typed("MPI_Reduce", acc, recvbuf, count, type); /* only the type's bytes: its gaps stay as they were */
    }
    free(blocks[0]);
    free(blocks[1]);
    mse_tree_free(&tree);
    mse_leave();
    return MPI_SUCCESS;
}

/* The profile's reduce to rank 0, then its broadcast from there (Collectives.java has no allreduce of its own). */
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    mse_begin("MPI_Allreduce");
    const mse_comm *c = mse_comm_of("MPI_Allreduce", comm);
    MPI_Reduce(sendbuf, recvbuf, count, type, op, 0, comm);
    fan_out("MPI_Allreduce", c, recvbuf, count, type, 0, MSE_BCAST_TAG);
    mse_leave();
    return MPI_SUCCESS;
}

/* A zero-byte fan-in to rank 0 and a zero-byte fan-out from it: nobody leaves before everyone came. */
int MPI_Barrier(MPI_Comm comm) {
    mse_begin("MPI_Barrier");
    const mse_comm *c = mse_comm_of("MPI_Barrier", comm);
    mse_route route = mse_library_route(c);
    mse_tree tree = mse_collective_tree("MPI_Barrier", c, 0);
    char nothing = 0;
    for (int i = 0; i < tree.count; i++) {
        mse_collective_receive(route, tree.fan_in[i], MSE_BARRIER_TAG, &nothing, 0, MPI_BYTE, MPI_STATUS_IGNORE);
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send("MPI_Barrier", &nothing, 0, MPI_BYTE, route, tree.parent, MSE_BARRIER_TAG);
    }
    mse_tree_free(&tree);
    fan_out("MPI_Barrier", c, &nothing, 0, MPI_BYTE, 0, MSE_BARRIER_TAG);
    mse_leave();
    return MPI_SUCCESS;
}
