/* MPI_Bcast, MPI_Reduce and MPI_Barrier as the point-to-point messages of the profile's tree on the reserved tags
 * (Collectives.java), sent and received like any other message: the emulator charges a collective as exactly these
 * messages under the same LogGPS rules, and a C rank's collective costs what a Java rank's does. The reduction is
 * computed for real, by MPI's own PMPI_Reduce_local, so every predefined datatype and operation (and the program's
 * own operations) give MPI's result. */
#include <stdlib.h>
#include <string.h>

#include "collective.h"

mse_tree mse_collective_tree(const char *call, int root) {
    mse_tree tree;
    if (root < 0 || root >= mse_self.np) {
        mse_die("%s with root %d outside 0..%d", call, root, mse_self.np - 1);
    }
    if (mse_tree_of(mse_self.settings.tree, mse_self.np, root, mse_self.rank, &tree) != 0) {
        mse_die("%s: out of memory for the collective's tree", call);
    }
    return tree;
}

void mse_collective_receive(int source, int tag, void *buf, int count, MPI_Datatype type, MPI_Status *status) {
    mse_destination into = {buf, count, type, status, NULL};
    mse_posted_recv(&mse_self.posted, (mse_pattern) {source, tag}, &into);
}

/* The value from the parent (the root has it), then on to the children, farthest first. */
static void fan_out(const char *call, void *buf, int count, MPI_Datatype type, int root, int tag) {
    mse_tree tree = mse_collective_tree(call, root);
    if (tree.parent != MSE_TREE_NONE) {
        mse_collective_receive(tree.parent, tag, buf, count, type, MPI_STATUS_IGNORE);
    }
    for (int i = 0; i < tree.count; i++) {
        mse_send(call, buf, count, type, tree.fan_out[i], tag);
    }
    mse_tree_free(&tree);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
    mse_begin("MPI_Bcast");
    mse_check_comm("MPI_Bcast", comm);
    fan_out("MPI_Bcast", buf, count, type, root, MSE_BCAST_TAG);
    mse_leave();
    return MPI_SUCCESS;
}

size_t mse_span_of(int count, MPI_Datatype type, MPI_Aint *true_lb) {
    MPI_Aint lb, extent, true_extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, true_lb, &true_extent);
    return count == 0 ? 0 : (size_t) (true_extent + (MPI_Aint) (count - 1) * extent);
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
               MPI_Comm comm) {
    mse_begin("MPI_Reduce");
    mse_check_comm("MPI_Reduce", comm);
    mse_tree tree = mse_collective_tree("MPI_Reduce", root);
    MPI_Aint true_lb;
    size_t span = mse_span_of(count, type, &true_lb);
    char *mine = malloc(span + 1), *theirs = malloc(span + 1);
    if (mine == NULL || theirs == NULL) {
        mse_die("MPI_Reduce: out of memory for %zu bytes", 2 * span);
    }
    const char *own = (const char *) (sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf);
    if (span > 0) {
        memcpy(mine, own + true_lb, span);
    }
    for (int i = 0; i < tree.count; i++) {
        mse_collective_receive(tree.fan_in[i], MSE_REDUCE_TAG, theirs - true_lb, count, type, MPI_STATUS_IGNORE);
        PMPI_Reduce_local(mine - true_lb, theirs - true_lb, count, type, op); /* theirs = mine op theirs */
        char *swap = mine;
        mine = theirs;
        theirs = swap;
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send("MPI_Reduce", mine - true_lb, count, type, tree.parent, MSE_REDUCE_TAG);
    } else if (span > 0) {
        memcpy((char *) recvbuf + true_lb, mine, span);
    }
    free(mine);
    free(theirs);
    mse_tree_free(&tree);
    mse_leave();
    return MPI_SUCCESS;
}

/* The profile's reduce to rank 0, then its broadcast from there (Collectives.java has no allreduce of its own). */
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    mse_begin("MPI_Allreduce");
    mse_check_comm("MPI_Allreduce", comm);
    MPI_Reduce(sendbuf, recvbuf, count, type, op, 0, comm);
    fan_out("MPI_Allreduce", recvbuf, count, type, 0, MSE_BCAST_TAG);
    mse_leave();
    return MPI_SUCCESS;
}

/* A zero-byte fan-in to rank 0 and a zero-byte fan-out from it: nobody leaves before everyone came. */
int MPI_Barrier(MPI_Comm comm) {
    mse_begin("MPI_Barrier");
    mse_check_comm("MPI_Barrier", comm);
    mse_tree tree = mse_collective_tree("MPI_Barrier", 0);
    char nothing = 0;
    for (int i = 0; i < tree.count; i++) {
        mse_collective_receive(tree.fan_in[i], MSE_BARRIER_TAG, &nothing, 0, MPI_BYTE, MPI_STATUS_IGNORE);
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send("MPI_Barrier", &nothing, 0, MPI_BYTE, tree.parent, MSE_BARRIER_TAG);
    }
    mse_tree_free(&tree);
    fan_out("MPI_Barrier", &nothing, 0, MPI_BYTE, 0, MSE_BARRIER_TAG);
    mse_leave();
    return MPI_SUCCESS;
}
