/* MPI_Gather, Gatherv, Allgather, Allgatherv, Scatter, Scatterv and Alltoall as point-to-point messages among the
 * communicator's ranks, on its library context. Gather goes up the profile's tree exactly as the Java Comm's gather (Collectives.java), whose blocks
 * may differ in length as Gatherv's do: each rank's block travels as an entry with an 8-byte header (its rank and
 * length), and a rank sends its parent the entries of its whole subtree, so a C gather is charged the bytes a Java
 * one is, each edge its actual bytes. Scatter is its mirror down the same tree: each rank keeps its own entry and
 * passes every child the entries of that child's subtree. A rank inside the tree learns its subtree's size from the
 * grant of each message (mse_destination's fit), as a Java rank's receive does. Alltoall sends each other rank its
 * block directly. */
#include <stdlib.h>

#include "collective.h"
#include "entries.h"

static void reserve(const char *call, mse_entries *e, long more) {
    if (mse_entries_reserve(e, more) != 0) {
        mse_die("%s: %ld bytes of blocks: more than the 2 GiB - 1 a message carries, or than memory holds", call,
                (long) e->used + more);
    }
}

static void add_entry(const char *call, mse_entries *e, int rank, const void *buf, int count, MPI_Datatype type) {
    mse_message_bytes(call, count, type); /* a block of 2 GiB or more ends the run: MPI_Pack_size's int would wrap */
    int length;
    PMPI_Pack_size(count, type, MPI_COMM_WORLD, &length);
    reserve(call, e, (long) MSE_ENTRY_HEADER_BYTES + length);
    int position = e->used + MSE_ENTRY_HEADER_BYTES;
    PMPI_Pack(buf, count, type, e->bytes, e->room, &position, MPI_COMM_WORLD);
    mse_entries_close(e, rank, position - e->used - MSE_ENTRY_HEADER_BYTES);
}

static void unpack_entry(const mse_entries *e, int at, void *buf, int count, MPI_Datatype type) {
    int next, position = at + MSE_ENTRY_HEADER_BYTES;
    mse_entries_rank_at(e, at, &next);
    PMPI_Unpack(e->bytes, next, &position, buf, count, type, MPI_COMM_WORLD);
}

/* A receive of entries: room for exactly the granted bytes is made after the entries already held. */
typedef struct {
    mse_destination into; /* first, so the fit hook's pointer is this */
    mse_entries *entries;
    const char *call;
} arriving;

static void fit_arriving(mse_destination *into, int bytes) {
    arriving *a = (arriving *) into;
    reserve(a->call, a->entries, bytes);
    into->buf = a->entries->bytes + a->entries->used;
    into->count = bytes;
}

/* Appends the entries a message from source (a rank of route's communicator) on tag carries. */
static void receive_entries(const char *call, mse_entries *e, mse_route route, int source, int tag) {
    MPI_Status status;
    arriving a = {{.buf = NULL, .count = 0, .type = MPI_BYTE, .status = &status, .route = route, .fit = fit_arriving},
                  e, call};
    mse_posted_recv(&mse_self.posted, mse_pattern_on(route, source, tag), &a.into);
    int got;
    PMPI_Get_count(&status, MPI_BYTE, &got);
    e->used += got;
}

/* Where rank r's block lies at the root: counts[r] elements of type from displs[r] extents into the buffer, or
 * (counts NULL, MPI_Gather's and MPI_Scatter's) count elements from r * count extents. */
typedef struct {
    const int *counts, *displs;
    int count;
    MPI_Datatype type;
} layout;

static int count_of(layout l, int r) {
    return l.counts == NULL ? l.count : l.counts[r];
}

/* Where the block that starts offset elements of type into buf lies. */
static char *element_at(const void *buf, MPI_Aint offset, MPI_Datatype type) {
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    return (char *) buf + offset * extent;
}

static char *block_of(const void *buf, layout l, int r) {
    return element_at(buf, l.counts == NULL ? (MPI_Aint) r * l.count : l.displs[r], l.type);
}

/* The gather up the tree into the root's recvbuf laid out as into (read at the root only, or in place). */
static void gather(const char *call, const mse_comm *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                   void *recvbuf, layout into, int root) {
    mse_route route = mse_library_route(c);
    mse_tree tree = mse_collective_tree(call, c, root);
    if (sendbuf == MPI_IN_PLACE) { /* this rank's block is already in place in recvbuf */
        sendbuf = block_of(recvbuf, into, c->rank);
        sendcount = count_of(into, c->rank);
        sendtype = into.type;
    }
    mse_entries e = {NULL, 0, 0};
    add_entry(call, &e, c->rank, sendbuf, sendcount, sendtype);
    for (int i = 0; i < tree.count; i++) {
        receive_entries(call, &e, route, tree.fan_in[i], MSE_GATHER_TAG);
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send(call, e.bytes, e.used, MPI_BYTE, route, tree.parent, MSE_GATHER_TAG);
    } else {
        for (int at = 0, next; at < e.used; at = next) {
            int r = mse_entries_rank_at(&e, at, &next);
            unpack_entry(&e, at, block_of(recvbuf, into, r), count_of(into, r), into.type);
        }
    }
    mse_entries_free(&e);
    mse_tree_free(&tree);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Gather");
    gather("MPI_Gather", mse_comm_of("MPI_Gather", comm), sendbuf, sendcount, sendtype, recvbuf, (layout) {NULL, NULL, recvcount, recvtype}, root);
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Gatherv");
    gather("MPI_Gatherv", mse_comm_of("MPI_Gatherv", comm), sendbuf, sendcount, sendtype, recvbuf, (layout) {recvcounts, displs, 0, recvtype}, root);
    mse_leave();
    return MPI_SUCCESS;
}

/* The gather to rank 0, then its broadcast of every block from there. */
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Allgather");
    const mse_comm *c = mse_comm_of("MPI_Allgather", comm);
    gather("MPI_Allgather", c, sendbuf, sendcount, sendtype, recvbuf, (layout) {NULL, NULL, recvcount, recvtype}, 0);
    MPI_Bcast(recvbuf, recvcount * c->size, recvtype, 0, comm);
    mse_leave();
    return MPI_SUCCESS;
}

/* As MPI_Allgather; the broadcast sends the blocks where they lie, as one indexed datatype. */
int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Allgatherv");
    const mse_comm *c = mse_comm_of("MPI_Allgatherv", comm);
    gather("MPI_Allgatherv", c, sendbuf, sendcount, sendtype, recvbuf, (layout) {recvcounts, displs, 0, recvtype}, 0);
    MPI_Datatype blocks;
    PMPI_Type_indexed(c->size, recvcounts, displs, recvtype, &blocks);
    PMPI_Type_commit(&blocks);
    MPI_Bcast(recvbuf, 1, blocks, 0, comm);
    PMPI_Type_free(&blocks);
    mse_leave();
    return MPI_SUCCESS;
}

/* The scatter down the tree from the root's sendbuf laid out as from (read at the root only). */
static void scatter(const char *call, const mse_comm *c, const void *sendbuf, layout from, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root) {
    mse_route route = mse_library_route(c);
    mse_tree tree = mse_collective_tree(call, c, root);
    int at_root = tree.parent == MSE_TREE_NONE;
    mse_entries e = {NULL, 0, 0}, below = {NULL, 0, 0};
    if (at_root) {
        for (int r = 0; r < c->size; r++) {
            add_entry(call, &e, r, block_of(sendbuf, from, r), count_of(from, r), from.type);
        }
    } else {
        receive_entries(call, &e, route, tree.parent, MSE_SCATTER_TAG);
    }
    for (int i = 0; i < tree.count; i++) { /* farthest child first, as a broadcast */
        if (mse_entries_toward(&below, &e, mse_self.settings.tree, c->size, root, c->rank, tree.fan_out[i]) != 0) {
            mse_die("%s: out of memory for %d bytes", call, e.used);
        }
        mse_send(call, below.bytes, below.used, MPI_BYTE, route, tree.fan_out[i], MSE_SCATTER_TAG);
    }
    for (int at = 0, next; at < e.used && !(at_root && recvbuf == MPI_IN_PLACE); at = next) {
        if (mse_entries_rank_at(&e, at, &next) == c->rank) {
            unpack_entry(&e, at, recvbuf, recvcount, recvtype);
        }
    }
    mse_entries_free(&below);
    mse_entries_free(&e);
    mse_tree_free(&tree);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Scatter");
    scatter("MPI_Scatter", mse_comm_of("MPI_Scatter", comm), sendbuf, (layout) {NULL, NULL, sendcount, sendtype}, recvbuf, recvcount, recvtype, root);
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Scatterv");
    scatter("MPI_Scatterv", mse_comm_of("MPI_Scatterv", comm), sendbuf, (layout) {sendcounts, displs, 0, sendtype}, recvbuf, recvcount, recvtype, root);
    mse_leave();
    return MPI_SUCCESS;
}

/* Every rank sends each other rank its block, nearest to the right first, then receives from the left in turn. */
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Alltoall");
    const mse_comm *c = mse_comm_of("MPI_Alltoall", comm);
    mse_route route = mse_library_route(c);
    int np = c->size, me = c->rank, in_place = sendbuf == MPI_IN_PLACE;
    mse_entries kept = {NULL, 0, 0};
    if (in_place) { /* the blocks to send are in recvbuf, which the receives overwrite: each is packed first, through
                     * the type (never recvbuf's span), in the order they go; its own block stays where it is */
        for (int i = 1; i < np; i++) {
            int to = (me + i) % np;
            add_entry("MPI_Alltoall", &kept, to, element_at(recvbuf, (MPI_Aint) to * recvcount, recvtype), recvcount,
                      recvtype);
        }
    }
    for (int i = 1, at = 0, next; i < np; i++, at = next) {
        int to = (me + i) % np;
        if (in_place) {
            mse_entries_rank_at(&kept, at, &next);
            mse_send("MPI_Alltoall", kept.bytes + at + MSE_ENTRY_HEADER_BYTES, next - at - MSE_ENTRY_HEADER_BYTES,
                     MPI_PACKED, route, to, MSE_ALLTOALL_TAG);
        } else {
            mse_send("MPI_Alltoall", element_at(sendbuf, (MPI_Aint) to * sendcount, sendtype), sendcount, sendtype,
                     route, to, MSE_ALLTOALL_TAG);
        }
    }
    if (!in_place) { /* its own block, copied through MPI's packing */
        mse_entries own = {NULL, 0, 0};
        add_entry("MPI_Alltoall", &own, me, element_at(sendbuf, (MPI_Aint) me * sendcount, sendtype), sendcount,
                  sendtype);
        unpack_entry(&own, 0, element_at(recvbuf, (MPI_Aint) me * recvcount, recvtype), recvcount, recvtype);
        mse_entries_free(&own);
    }
    for (int i = 1; i < np; i++) {
        int from = (me - i + np) % np;
        mse_collective_receive(route, from, MSE_ALLTOALL_TAG, element_at(recvbuf, (MPI_Aint) from * recvcount, recvtype),
                               recvcount, recvtype, MPI_STATUS_IGNORE);
    }
    mse_entries_free(&kept);
    mse_leave();
    return MPI_SUCCESS;
}
