/* MPI_Gather, Allgather, Scatter and Alltoall as point-to-point messages on the reserved tags. Gather goes up the
 * profile's tree exactly as the Java Comm's gather (Collectives.java): each rank's block travels as an entry with an
 * 8-byte header (its rank and length), and a rank sends its parent the entries of its whole subtree, so a C gather
 * is charged the bytes a Java one is. Scatter is its mirror down the same tree: each rank keeps its own entry and
 * passes every child the entries of that child's subtree. Alltoall sends each other rank its block directly. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collective.h"

#define ENTRY_HEADER_BYTES 8

/* Entries, one per rank: its rank and its block's packed length (int32 each), then the packed block. */
typedef struct {
    char *bytes;
    int used, room;
} entries;

/* The bytes of the entries of ranks blocks of count elements of type. */
static long room_for(int ranks, int count, MPI_Datatype type) {
    int block;
    PMPI_Pack_size(count, type, MPI_COMM_WORLD, &block);
    return (long) ranks * (ENTRY_HEADER_BYTES + block);
}

static entries entries_of(const char *call, long room) {
    if (room > INT_MAX) {
        mse_die("%s: %ld bytes of blocks exceed the 2 GiB - 1 a message carries", call, room);
    }
    entries e = {malloc(room > 0 ? (size_t) room : 1), 0, (int) room};
    if (e.bytes == NULL) {
        mse_die("%s: out of memory for %ld bytes", call, room);
    }
    return e;
}

static void add_entry(entries *e, int rank, const void *buf, int count, MPI_Datatype type) {
    int position = e->used + ENTRY_HEADER_BYTES;
    PMPI_Pack(buf, count, type, e->bytes, e->room, &position, MPI_COMM_WORLD);
    int32_t header[2] = {rank, position - e->used - ENTRY_HEADER_BYTES};
    memcpy(e->bytes + e->used, header, sizeof header);
    e->used = position;
}

/* The header of the entry at offset at: its rank, and the offset of the next entry. */
static int entry_at(const entries *e, int at, int *next) {
    int32_t header[2];
    memcpy(header, e->bytes + at, sizeof header);
    *next = at + ENTRY_HEADER_BYTES + header[1];
    return header[0];
}

static void unpack_entry(const entries *e, int at, void *buf, int count, MPI_Datatype type) {
    int next, position = at + ENTRY_HEADER_BYTES;
    entry_at(e, at, &next);
    PMPI_Unpack(e->bytes, next, &position, buf, count, type, MPI_COMM_WORLD);
}

/* Appends the entries a message from source on tag carries. */
static void receive_entries(entries *e, int source, int tag) {
    MPI_Status status;
    int got;
    mse_collective_receive(source, tag, e->bytes + e->used, e->room - e->used, MPI_BYTE, &status);
    PMPI_Get_count(&status, MPI_BYTE, &got);
    e->used += got;
}

/* Where rank r's block of count elements of type starts in buf. */
static char *block_of(const void *buf, int r, int count, MPI_Datatype type) {
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    return (char *) buf + (MPI_Aint) r * count * extent;
}

/* Where the root puts each rank's block: counts[r] elements of recvtype from displs[r] extents into recvbuf. */
typedef struct {
    const int *counts, *displs;
    MPI_Datatype type;
} layout;

/* The gather up the tree; room bounds the bytes of every rank's entry together. */
static void gather(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   layout into, int root, long room) {
    mse_tree tree = mse_collective_tree(call, root);
    if (sendbuf == MPI_IN_PLACE) { /* this rank's block is already in place in recvbuf */
        sendbuf = block_of(recvbuf, into.displs[mse_self.rank], 1, into.type);
        sendcount = into.counts[mse_self.rank];
        sendtype = into.type;
    }
    entries e = entries_of(call, room);
    add_entry(&e, mse_self.rank, sendbuf, sendcount, sendtype);
    for (int i = 0; i < tree.count; i++) {
        receive_entries(&e, tree.fan_in[i], MSE_GATHER_TAG);
    }
    if (tree.parent != MSE_TREE_NONE) {
        mse_send(call, e.bytes, e.used, MPI_BYTE, tree.parent, MSE_GATHER_TAG);
    } else {
        for (int at = 0, next; at < e.used; at = next) {
            int r = entry_at(&e, at, &next);
            unpack_entry(&e, at, block_of(recvbuf, into.displs[r], 1, into.type), into.counts[r], into.type);
        }
    }
    free(e.bytes);
    mse_tree_free(&tree);
}

/* MPI_Gather's and MPI_Allgather's: every block sendcount elements of sendtype, or recvcount of recvtype in place. */
static void gather_fixed(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root) {
    int np = mse_self.np, *counts = malloc(sizeof(int) * (size_t) np), *displs = malloc(sizeof(int) * (size_t) np);
    if (counts == NULL || displs == NULL) {
        mse_die("%s: out of memory for %d ranks", call, np);
    }
    for (int r = 0; r < np; r++) {
        counts[r] = recvcount;
        displs[r] = r * recvcount;
    }
    int in_place = sendbuf == MPI_IN_PLACE;
    gather(call, sendbuf, sendcount, sendtype, recvbuf, (layout) {counts, displs, recvtype}, root,
           room_for(np, in_place ? recvcount : sendcount, in_place ? recvtype : sendtype));
    free(counts);
    free(displs);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Gather");
    mse_check_comm("MPI_Gather", comm);
    gather_fixed("MPI_Gather", sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    mse_leave();
    return MPI_SUCCESS;
}

/* The gather to rank 0, then its broadcast of every block from there. */
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Allgather");
    mse_check_comm("MPI_Allgather", comm);
    gather_fixed("MPI_Allgather", sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0);
    MPI_Bcast(recvbuf, recvcount * mse_self.np, recvtype, 0, comm);
    mse_leave();
    return MPI_SUCCESS;
}

/* As MPI_Allgather; every rank knows every block's size, so the entries' room is exact and the broadcast sends the
 * blocks where they lie, as one indexed datatype. */
int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Allgatherv");
    mse_check_comm("MPI_Allgatherv", comm);
    long room = 0;
    for (int r = 0; r < mse_self.np; r++) {
        room += room_for(1, recvcounts[r], recvtype);
    }
    gather("MPI_Allgatherv", sendbuf, sendcount, sendtype, recvbuf, (layout) {recvcounts, displs, recvtype}, 0, room);
    MPI_Datatype blocks;
    PMPI_Type_indexed(mse_self.np, recvcounts, displs, recvtype, &blocks);
    PMPI_Type_commit(&blocks);
    MPI_Bcast(recvbuf, 1, blocks, 0, comm);
    PMPI_Type_free(&blocks);
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
    mse_begin("MPI_Scatter");
    mse_check_comm("MPI_Scatter", comm);
    mse_tree tree = mse_collective_tree("MPI_Scatter", root);
    int at_root = tree.parent == MSE_TREE_NONE;
    entries e = at_root ? entries_of("MPI_Scatter", room_for(mse_self.np, sendcount, sendtype))
                        : entries_of("MPI_Scatter", room_for(mse_self.np, recvcount, recvtype));
    if (at_root) {
        for (int r = 0; r < mse_self.np; r++) {
            add_entry(&e, r, block_of(sendbuf, r, sendcount, sendtype), sendcount, sendtype);
        }
    } else {
        receive_entries(&e, tree.parent, MSE_SCATTER_TAG);
    }
    entries below = {malloc(e.used > 0 ? (size_t) e.used : 1), 0, e.used};
    if (below.bytes == NULL) {
        mse_die("MPI_Scatter: out of memory for %d bytes", e.used);
    }
    for (int i = 0; i < tree.count; i++) { /* farthest child first, as a broadcast */
        below.used = 0;
        for (int at = 0, next; at < e.used; at = next) {
            int r = entry_at(&e, at, &next);
            if (mse_tree_child_toward(mse_self.settings.tree, mse_self.np, root, mse_self.rank, r) == tree.fan_out[i]) {
                memcpy(below.bytes + below.used, e.bytes + at, (size_t) (next - at));
                below.used += next - at;
            }
        }
        mse_send("MPI_Scatter", below.bytes, below.used, MPI_BYTE, tree.fan_out[i], MSE_SCATTER_TAG);
    }
    for (int at = 0, next; at < e.used && !(at_root && recvbuf == MPI_IN_PLACE); at = next) {
        if (entry_at(&e, at, &next) == mse_self.rank) {
            unpack_entry(&e, at, recvbuf, recvcount, recvtype);
        }
    }
    free(below.bytes);
    free(e.bytes);
    mse_tree_free(&tree);
    mse_leave();
    return MPI_SUCCESS;
}

/* Every rank sends each other rank its block, nearest to the right first, then receives from the left in turn. */
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm) {
    mse_begin("MPI_Alltoall");
    mse_check_comm("MPI_Alltoall", comm);
    int np = mse_self.np, me = mse_self.rank;
    char *kept = NULL;
    if (sendbuf == MPI_IN_PLACE) { /* the blocks to send are in recvbuf, which the receives overwrite */
        MPI_Aint true_lb;
        size_t span = mse_span_of(recvcount * np, recvtype, &true_lb);
        if ((kept = malloc(span + 1)) == NULL) {
            mse_die("MPI_Alltoall: out of memory for %zu bytes", span);
        }
        memcpy(kept, (char *) recvbuf + true_lb, span);
        sendbuf = kept - true_lb;
        sendcount = recvcount;
        sendtype = recvtype;
    }
    for (int i = 1; i < np; i++) {
        int to = (me + i) % np;
        mse_send("MPI_Alltoall", block_of(sendbuf, to, sendcount, sendtype), sendcount, sendtype, to, MSE_ALLTOALL_TAG);
    }
    entries own = entries_of("MPI_Alltoall", room_for(1, sendcount, sendtype)); /* its own block, copied through MPI's packing */
    add_entry(&own, me, block_of(sendbuf, me, sendcount, sendtype), sendcount, sendtype);
    unpack_entry(&own, 0, block_of(recvbuf, me, recvcount, recvtype), recvcount, recvtype);
    for (int i = 1; i < np; i++) {
        int from = (me - i + np) % np;
        mse_collective_receive(from, MSE_ALLTOALL_TAG, block_of(recvbuf, from, recvcount, recvtype), recvcount,
                               recvtype, MPI_STATUS_IGNORE);
    }
    free(own.bytes);
    free(kept);
    mse_leave();
    return MPI_SUCCESS;
}
