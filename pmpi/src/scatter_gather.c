/* MPI_Gather, Gatherv, Allgather, Allgatherv, Scatter and Scatterv, and their nonblocking twins, as
 * point-to-point messages on the collectives' tags, each a schedule (schedule.h). Gather goes up the profile's tree
 * exactly as the Java Comm's gather (Collectives.java), whose blocks may differ in length as Gatherv's do: each rank's
 * block travels as an entry with an 8-byte header (its rank and length), and a rank sends its parent the entries of
 * its whole subtree, so a C gather is charged the bytes a Java one is, each edge its actual bytes. Scatter is its
 * mirror down the same tree: each rank keeps its own entry and passes every child the entries of that child's
 * subtree. A rank inside the tree learns its subtree's size from the grant of each message (mse_destination's fit),
 * as a Java rank's receive does. */
#include <stdlib.h>

#include "schedule.h"

static void reserve(const char *call, mse_entries *e, long more) {
    if (mse_entries_reserve(e, more) != 0) {
        mse_die("%s: %ld bytes of blocks: more than the 2 GiB - 1 a message carries, or than memory holds", call,
                (long) e->used + more);
    }
}

void mse_add_entry(const char *call, mse_entries *e, int rank, const void *buf, int count, MPI_Datatype type) {
    mse_message_bytes(call, count, type); /* a block of 2 GiB or more ends the run: MPI_Pack_size's int would wrap */
    int length;
    PMPI_Pack_size(count, type, MPI_COMM_WORLD, &length);
    reserve(call, e, (long) MSE_ENTRY_HEADER_BYTES + length);
    int position = e->used + MSE_ENTRY_HEADER_BYTES;
    PMPI_Pack(buf, count, type, e->bytes, e->room, &position, MPI_COMM_WORLD);
    mse_entries_close(e, rank, position - e->used - MSE_ENTRY_HEADER_BYTES);
}

void mse_unpack_entry(const mse_entries *e, int at, void *buf, int count, MPI_Datatype type) {
    int next, position = at + MSE_ENTRY_HEADER_BYTES;
    mse_entries_rank_at(e, at, &next);
    PMPI_Unpack(e->bytes, next, &position, buf, count, type, MPI_COMM_WORLD);
}

/* The staging entries of a gather or scatter, and the schedule that receives into them. */
typedef struct {
    mse_schedule s;
    mse_entries e;
} staged;

/* A receive of entries: room for exactly the granted bytes is made after the entries already held. */
static void fit_arriving(mse_destination *into, int bytes) {
    staged *g = into->context;
    reserve(g->s.call, &g->e, bytes);
    into->buf = g->e.bytes + g->e.used;
    into->count = bytes;
}

/* Posts the receive of the entries a message from source on tag carries, appended when it arrives. */
static int receive_entries(staged *g, int source, int tag) {
    return mse_schedule_receive(&g->s, source, tag, NULL, 0, MPI_BYTE, fit_arriving, g);
}

/* The entries that arrived last are counted in. */
static void entries_arrived(staged *g) {
    int got;
    PMPI_Get_count(mse_schedule_received(&g->s), MPI_BYTE, &got);
    g->e.used += got;
}

static void staged_release(mse_schedule *s) {
    mse_entries_free(&((staged *) s)->e);
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
char *mse_element_at(const void *buf, MPI_Aint offset, MPI_Datatype type) {
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    return (char *) buf + offset * extent;
}

static char *block_of(const void *buf, layout l, int r) {
    return mse_element_at(buf, l.counts == NULL ? (MPI_Aint) r * l.count : l.displs[r], l.type);
}

/* The gather up the tree into the root's recvbuf laid out as into (read at the root only, or in place). */
typedef struct {
    staged g;
    void *recvbuf;
    layout into;
} gather;

static int gather_resume(mse_schedule *s) {
    gather *c = (gather *) s;
    if (s->phase == 1) {
        entries_arrived(&c->g);
    }
    if (s->i < s->tree.count) {
        s->phase = 1;
        return receive_entries(&c->g, s->tree.fan_in[s->i++], s->tags + MSE_GATHER_TAG);
    }
    mse_entries *e = &c->g.e;
    if (s->tree.parent != MSE_TREE_NONE) {
        mse_send(s->call, e->bytes, e->used, MPI_BYTE, s->route, s->tree.parent, s->tags + MSE_GATHER_TAG);
    } else {
        for (int at = 0, next; at < e->used; at = next) {
            int r = mse_entries_rank_at(e, at, &next);
            mse_unpack_entry(e, at, block_of(c->recvbuf, c->into, r), count_of(c->into, r), c->into.type);
        }
    }
    return 0;
}

/* This rank's own block becomes its entry at the start (MPI 3.1 §5.12: the send buffer is the library's from then). */
static mse_schedule *gather_to(const char *call, mse_collective tags, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, layout into, int root) {
    gather *c = mse_schedule_new(sizeof *c, call, tags, root, gather_resume, staged_release);
    c->recvbuf = recvbuf;
    c->into = into;
    if (tags.comm->rank == root) { /* the receive type means something at the root only */
        c->into.type = mse_schedule_type(&c->g.s, into.type);
    }
    if (sendbuf == MPI_IN_PLACE) { /* this rank's block is already in place in recvbuf */
        sendbuf = block_of(recvbuf, into, tags.comm->rank);
        sendcount = count_of(into, tags.comm->rank);
        sendtype = into.type;
    }
    mse_add_entry(call, &c->g.e, tags.comm->rank, sendbuf, sendcount, sendtype);
    return &c->g.s;
}

/* The gather to rank 0, then its broadcast of every block from there (Allgatherv's as one indexed datatype of the
 * blocks where they lie: every rank knows every block's size). */
static mse_schedule *allgather(const char *call, mse_collective tags, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, layout into) {
    mse_schedule *s = gather_to(call, tags, sendbuf, sendcount, sendtype, recvbuf, into, 0);
    if (into.counts == NULL) {
        s->then = mse_fan_out(call, tags, MSE_BCAST_TAG, recvbuf, into.count * tags.comm->size, into.type, 0, 0);
    } else {
        MPI_Datatype blocks;
        PMPI_Type_indexed(tags.comm->size, into.counts, into.displs, into.type, &blocks);
        PMPI_Type_commit(&blocks);
        s->then = mse_fan_out(call, tags, MSE_BCAST_TAG, recvbuf, 1, blocks, 0, 1);
    }
    return s;
}

/* The scatter down the tree from the root's sendbuf laid out as from (read at the root only, when the schedule first
 * runs: at the start of a scatter call, after the reduce of a reduce-scatter). */
typedef struct {
    staged g;
    const void *sendbuf;
    layout from;
    void *recvbuf;
    int recvcount;
    MPI_Datatype recvtype;
} scatter;

static int scatter_resume(mse_schedule *s) {
    scatter *c = (scatter *) s;
    int at_root = s->tree.parent == MSE_TREE_NONE;
    if (s->phase++ == 0 && !at_root) {
        return receive_entries(&c->g, s->tree.parent, s->tags + MSE_SCATTER_TAG);
    }
    for (int r = 0; at_root && r < s->comm->size; r++) {
        mse_add_entry(s->call, &c->g.e, r, block_of(c->sendbuf, c->from, r), count_of(c->from, r), c->from.type);
    }
    mse_entries *e = &c->g.e, below = {NULL, 0, 0};
    if (!at_root) {
        entries_arrived(&c->g);
    }
    for (int i = 0; i < s->tree.count; i++) { /* farthest child first, as a broadcast */
        if (mse_entries_toward(&below, e, mse_self.settings.tree, s->comm->size, s->root, s->comm->rank,
                               s->tree.fan_out[i]) != 0) {
            mse_die("%s: out of memory for %d bytes", s->call, e->used);
        }
        mse_send(s->call, below.bytes, below.used, MPI_BYTE, s->route, s->tree.fan_out[i], s->tags + MSE_SCATTER_TAG);
    }
    for (int at = 0, next; at < e->used && !(at_root && c->recvbuf == MPI_IN_PLACE); at = next) {
        if (mse_entries_rank_at(e, at, &next) == s->comm->rank) {
            mse_unpack_entry(e, at, c->recvbuf, c->recvcount, c->recvtype);
        }
    }
    mse_entries_free(&below);
    return 0;
}

static mse_schedule *scatter_from(const char *call, mse_collective tags, const void *sendbuf, layout from,
                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int root) {
    scatter *c = mse_schedule_new(sizeof *c, call, tags, root, scatter_resume, staged_release);
    c->sendbuf = sendbuf;
    c->from = from;
    c->recvbuf = recvbuf;
    c->recvcount = recvcount;
    c->recvtype = recvbuf == MPI_IN_PLACE ? recvtype : mse_schedule_type(&c->g.s, recvtype); /* ignored in place */
    if (c->g.s.tree.parent == MSE_TREE_NONE) { /* the root packs its blocks when the schedule first runs */
        c->from.type = mse_schedule_type(&c->g.s, from.type);
    }
    return &c->g.s;
}

mse_schedule *mse_scatter_from(const char *call, mse_collective tags, const void *sendbuf, const int *counts,
                               const int *displs, int count, MPI_Datatype type, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root) {
    return scatter_from(call, tags, sendbuf, (layout) {counts, displs, count, type}, recvbuf, recvcount, recvtype,
                        root);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Gather", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Gather", comm, 0);
    return mse_collective_run(gather_to("MPI_Gather", tags, sendbuf, sendcount, sendtype, recvbuf,
                                        (layout) {NULL, NULL, recvcount, recvtype}, root));
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Igather", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Igather", comm, 1);
    return mse_collective_start(gather_to("MPI_Igather", tags, sendbuf, sendcount, sendtype, recvbuf,
                                          (layout) {NULL, NULL, recvcount, recvtype}, root), request);
}

/* The arguments of a v call that decide its blocks (recvcounts read at a gather's root only, sendcounts at a
 * scatter's root only, as MPI 3.1 §5.5 and §5.6 say they are significant). */
typedef struct {
    int in_place, root, count;
    MPI_Datatype type;               /* count's: the block this rank sends (gather) or receives (scatter) */
    const int *counts;
    MPI_Datatype counts_type;        /* the blocks' at the root (gather, scatter), every rank's (allgather) */
} v_blocks;

static void none(int members, int64_t *sends, int64_t *receives) {
    for (int j = 0; j < members; j++) {
        sends[j] = receives[j] = -1;
    }
}

/* Every rank sends its block to the root, which expects counts[j] from member j (its own in place: nothing moves). */
static void gatherv_blocks(const void *arguments, int members, int me, int64_t *sends, int64_t *receives) {
    const v_blocks *v = arguments;
    none(members, sends, receives);
    if (!v->in_place) {
        sends[v->root] = mse_block_bytes(v->count, v->type);
    }
    for (int j = 0; me == v->root && j < members; j++) {
        receives[j] = mse_block_bytes(v->counts[j], v->counts_type);
    }
}

/* The root sends counts[j] to member j; every rank expects its own block from the root. */
static void scatterv_blocks(const void *arguments, int members, int me, int64_t *sends, int64_t *receives) {
    const v_blocks *v = arguments;
    none(members, sends, receives);
    for (int j = 0; me == v->root && j < members; j++) {
        sends[j] = mse_block_bytes(v->counts[j], v->counts_type);
    }
    if (!v->in_place) {
        receives[v->root] = mse_block_bytes(v->count, v->type);
    }
}

/* Every rank sends its block to every rank, and expects counts[j] from member j. */
static void allgatherv_blocks(const void *arguments, int members, int me, int64_t *sends, int64_t *receives) {
    const v_blocks *v = arguments;
    int64_t own = v->in_place ? mse_block_bytes(v->counts[me], v->counts_type) : mse_block_bytes(v->count, v->type);
    for (int j = 0; j < members; j++) {
        sends[j] = own;
        receives[j] = mse_block_bytes(v->counts[j], v->counts_type);
    }
}

static int gatherv_checked(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           const int recvcounts[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
    v_blocks v = {sendbuf == MPI_IN_PLACE, root, sendcount, sendtype, recvcounts, recvtype};
    return mse_collective_checked_v(call, comm, sendbuf == MPI_IN_PLACE ? 0 : sendcount,
                                    sendbuf == MPI_IN_PLACE ? recvtype : sendtype, root, gatherv_blocks, &v);
}

static int scatterv_checked(const char *call, const int sendcounts[], MPI_Datatype sendtype, const void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
    v_blocks v = {recvbuf == MPI_IN_PLACE, root, recvcount, recvtype, sendcounts, sendtype};
    return mse_collective_checked_v(call, comm, recvbuf == MPI_IN_PLACE ? 0 : recvcount,
                                    recvbuf == MPI_IN_PLACE ? sendtype : recvtype, root, scatterv_blocks, &v);
}

static int allgatherv_checked(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              const int recvcounts[], MPI_Datatype recvtype, MPI_Comm comm) {
    v_blocks v = {sendbuf == MPI_IN_PLACE, MSE_NO_ROOT, sendcount, sendtype, recvcounts, recvtype};
    return mse_collective_checked_v(call, comm, sendbuf == MPI_IN_PLACE ? 0 : sendcount,
                                    sendbuf == MPI_IN_PLACE ? recvtype : sendtype, MSE_NO_ROOT, allgatherv_blocks, &v);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
    int code = gatherv_checked("MPI_Gatherv", sendbuf, sendcount, sendtype, recvcounts, recvtype, root, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Gatherv", comm, 0);
    return mse_collective_run(gather_to("MPI_Gatherv", tags, sendbuf, sendcount, sendtype, recvbuf,
                                        (layout) {recvcounts, displs, 0, recvtype}, root));
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                 const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
    int code = gatherv_checked("MPI_Igatherv", sendbuf, sendcount, sendtype, recvcounts, recvtype, root, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Igatherv", comm, 1);
    return mse_collective_start(gather_to("MPI_Igatherv", tags, sendbuf, sendcount, sendtype, recvbuf,
                                          (layout) {recvcounts, displs, 0, recvtype}, root), request);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Allgather", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Allgather", comm, 0);
    return mse_collective_run(allgather("MPI_Allgather", tags, sendbuf, sendcount, sendtype, recvbuf,
                                        (layout) {NULL, NULL, recvcount, recvtype}));
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Iallgather", comm, sendbuf == MPI_IN_PLACE ? recvcount : sendcount,
                                      sendbuf == MPI_IN_PLACE ? recvtype : sendtype, MSE_NO_ROOT, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Iallgather", comm, 1);
    return mse_collective_start(allgather("MPI_Iallgather", tags, sendbuf, sendcount, sendtype, recvbuf,
                                          (layout) {NULL, NULL, recvcount, recvtype}), request);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
    int code = allgatherv_checked("MPI_Allgatherv", sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Allgatherv", comm, 0);
    return mse_collective_run(allgather("MPI_Allgatherv", tags, sendbuf, sendcount, sendtype, recvbuf,
                                        (layout) {recvcounts, displs, 0, recvtype}));
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                    const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
    int code = allgatherv_checked("MPI_Iallgatherv", sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Iallgatherv", comm, 1);
    return mse_collective_start(allgather("MPI_Iallgatherv", tags, sendbuf, sendcount, sendtype, recvbuf,
                                          (layout) {recvcounts, displs, 0, recvtype}), request);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
    int code = mse_collective_checked("MPI_Scatter", comm, recvbuf == MPI_IN_PLACE ? sendcount : recvcount,
                                      recvbuf == MPI_IN_PLACE ? sendtype : recvtype, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Scatter", comm, 0);
    return mse_collective_run(scatter_from("MPI_Scatter", tags, sendbuf, (layout) {NULL, NULL, sendcount, sendtype},
                                           recvbuf, recvcount, recvtype, root));
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
    int code = mse_collective_checked("MPI_Iscatter", comm, recvbuf == MPI_IN_PLACE ? sendcount : recvcount,
                                      recvbuf == MPI_IN_PLACE ? sendtype : recvtype, root, NULL, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Iscatter", comm, 1);
    return mse_collective_start(scatter_from("MPI_Iscatter", tags, sendbuf, (layout) {NULL, NULL, sendcount, sendtype},
                                             recvbuf, recvcount, recvtype, root), request);
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
    int code = scatterv_checked("MPI_Scatterv", sendcounts, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Scatterv", comm, 0);
    return mse_collective_run(scatter_from("MPI_Scatterv", tags, sendbuf, (layout) {sendcounts, displs, 0, sendtype},
                                           recvbuf, recvcount, recvtype, root));
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
    int code = scatterv_checked("MPI_Iscatterv", sendcounts, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin("MPI_Iscatterv", comm, 1);
    return mse_collective_start(scatter_from("MPI_Iscatterv", tags, sendbuf, (layout) {sendcounts, displs, 0,
                                             sendtype}, recvbuf, recvcount, recvtype, root), request);
}
