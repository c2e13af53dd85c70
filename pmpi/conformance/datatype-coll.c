/* np: 3. The collectives that move blocks (Bcast, Gather, Gatherv, Scatter, Scatterv, Allgather, Allgatherv,
 * Alltoall), at every root and in place where MPI 3.1 allows it, with the blocks received into (and sent from) derived
 * datatypes with gaps: a vector, an indexed type, a struct, a resized type, and a resized struct of absolute
 * addresses (MPI_BOTTOM) whose four ints lie in four separate heap blocks. The other side sends or receives four
 * contiguous ints: only the type signatures must match (§4.1.11, §5.5). Every int of a receive buffer that no type
 * entry covers, and the heap blocks' ints beyond the blocks, keep their sentinel. */
#include <stdint.h>
#include <stdlib.h>

#include "conformance.h"

enum { SENTINEL = -99, NP_MAX = 4, INTS = 8 * NP_MAX, ENTRIES = 4 };

typedef struct {
    const char *name;
    MPI_Datatype type;  /* one block: four ints */
    MPI_Aint off[ENTRIES]; /* where its ints lie, from the block's start */
    MPI_Aint extent;
    int bottom;         /* absolute addresses: the buffer is MPI_BOTTOM */
} layout;

static int rank, size;
static layout current;
static int *heap[ENTRIES]; /* the MPI_BOTTOM layout's ints: entry f of block b is heap[f][b]; NP_MAX + 1 each */
static int ints[INTS];      /* the other layouts' buffer */
static char what[96];

static int value(int r, int b, int f) {
    return 1000 * (r + 1) + 10 * b + f;
}

static int *entry(void *buf, int block, int f) {
    return (int *) ((uintptr_t) buf + (uintptr_t) (block * current.extent + current.off[f]));
}

/* Sentinels everywhere; the buffer to pass. */
static void *reset(void) {
    for (int i = 0; i < INTS; i++) {
        ints[i] = SENTINEL;
    }
    for (int f = 0; f < ENTRIES; f++) {
        for (int b = 0; b <= NP_MAX; b++) {
            heap[f][b] = SENTINEL;
        }
    }
    return current.bottom ? MPI_BOTTOM : (void *) ints;
}

/* Block b of the buffer holds value(owner, tag, f) for f = 0..3. */
static void put(void *buf, int b, int owner, int tag) {
    for (int f = 0; f < ENTRIES; f++) {
        *entry(buf, b, f) = value(owner, tag, f);
    }
}

/* Blocks 0..blocks-1 hold value(owner[b], tag[b], f) (owner[b] < 0: nothing expected there), the rest sentinels. */
static void check(void *buf, int blocks, const int *owner, const int *tag) {
    int covered[INTS] = {0};
    for (int b = 0; b < blocks; b++) {
        for (int f = 0; f < ENTRIES; f++) {
            int *at = entry(buf, b, f), want = owner[b] < 0 ? SENTINEL : value(owner[b], tag[b], f);
            CHECK(*at == want, "%s %s: block %d entry %d is %d, not %d", current.name, what, b, f, *at, want);
            if (!current.bottom) {
                covered[at - ints] = 1;
            }
        }
    }
    for (int i = 0; !current.bottom && i < INTS; i++) {
        CHECK(covered[i] || ints[i] == SENTINEL, "%s %s: int %d outside the blocks is %d", current.name, what, i,
              ints[i]);
    }
    for (int f = 0; current.bottom && f < ENTRIES; f++) {
        for (int b = blocks; b <= NP_MAX; b++) {
            CHECK(heap[f][b] == SENTINEL, "%s %s: heap int %d of entry %d is %d", current.name, what, b, f,
                  heap[f][b]);
        }
    }
}

static void contiguous(int *four, int owner, int tag) {
    for (int f = 0; f < ENTRIES; f++) {
        four[f] = value(owner, tag, f);
    }
}

static void rooted(int root, int in_place) {
    int owner[NP_MAX], tag[NP_MAX], mine[ENTRIES], all[ENTRIES * NP_MAX], place = in_place && rank == root;
    int counts[NP_MAX], displs[NP_MAX];
    for (int r = 0; r < size; r++) {
        counts[r] = 1;
        displs[r] = size - 1 - r; /* reversed */
    }
    void *buf = reset();
    if (!in_place) { /* Bcast has no in-place form */
        if (rank == root) {
            put(buf, 0, root, 1);
        }
        MPI_Bcast(buf, 1, current.type, root, MPI_COMM_WORLD);
        snprintf(what, sizeof what, "bcast from %d", root);
        check(buf, 1, (int[]) {root}, (int[]) {1});
    }

    /* Gather, then Gatherv into reversed places: four contiguous ints from each rank into a block of the type */
    for (int v = 0; v < 2; v++) {
        buf = reset();
        contiguous(mine, rank, 2 + v);
        if (place) {
            put(buf, v ? displs[root] : root, rank, 2 + v);
        }
        if (v) {
            MPI_Gatherv(place ? MPI_IN_PLACE : mine, ENTRIES, MPI_INT, buf, counts, displs, current.type, root,
                        MPI_COMM_WORLD);
        } else {
            MPI_Gather(place ? MPI_IN_PLACE : mine, ENTRIES, MPI_INT, buf, 1, current.type, root, MPI_COMM_WORLD);
        }
        for (int b = 0; b < size; b++) {
            owner[b] = rank == root ? (v ? size - 1 - b : b) : -1;
            tag[b] = 2 + v;
        }
        snprintf(what, sizeof what, "%s to %d%s", v ? "gatherv" : "gather", root, in_place ? " in place" : "");
        check(buf, size, owner, tag);
    }

    /* Scatter, then Scatterv from reversed places: a block of the type to four contiguous ints, or in place */
    for (int v = 0; v < 2; v++) {
        buf = reset();
        for (int b = 0; rank == root && b < size; b++) {
            put(buf, b, v ? size - 1 - b : b, 4 + v);
        }
        contiguous(all, -2, 0);
        if (v) {
            MPI_Scatterv(buf, counts, displs, current.type, place ? MPI_IN_PLACE : all, ENTRIES, MPI_INT, root,
                         MPI_COMM_WORLD);
        } else {
            MPI_Scatter(buf, 1, current.type, place ? MPI_IN_PLACE : all, ENTRIES, MPI_INT, root, MPI_COMM_WORLD);
        }
        int four[ENTRIES];
        contiguous(four, place ? -2 : rank, place ? 0 : 4 + v);
        snprintf(what, sizeof what, "%s from %d%s", v ? "scatterv" : "scatter", root, in_place ? " in place" : "");
        CHECK(memcmp(four, all, sizeof four) == 0, "%s %s: got %d %d %d %d", current.name, what, all[0], all[1],
              all[2], all[3]);
        for (int b = 0; b < size; b++) {
            owner[b] = rank == root ? (v ? size - 1 - b : b) : -1;
            tag[b] = 4 + v;
        }
        check(buf, size, owner, tag); /* the root's send buffer is read, never written */
    }
}

static void unrooted(int in_place) {
    int owner[NP_MAX], tag[NP_MAX], mine[ENTRIES], out[ENTRIES * NP_MAX], counts[NP_MAX], displs[NP_MAX];
    for (int v = 0; v < 2; v++) { /* Allgather, then Allgatherv into reversed places */
        for (int r = 0; r < size; r++) {
            counts[r] = 1;
            displs[r] = size - 1 - r;
            owner[r] = v ? size - 1 - r : r;
            tag[r] = 6 + v;
        }
        void *buf = reset();
        contiguous(mine, rank, 6 + v);
        if (in_place) {
            put(buf, v ? displs[rank] : rank, rank, 6 + v);
        }
        if (v) {
            MPI_Allgatherv(in_place ? MPI_IN_PLACE : mine, ENTRIES, MPI_INT, buf, counts, displs, current.type,
                           MPI_COMM_WORLD);
        } else {
            MPI_Allgather(in_place ? MPI_IN_PLACE : mine, ENTRIES, MPI_INT, buf, 1, current.type, MPI_COMM_WORLD);
        }
        snprintf(what, sizeof what, "%s%s", v ? "allgatherv" : "allgather", in_place ? " in place" : "");
        check(buf, size, owner, tag);
    }

    /* Alltoall: block b of rank r is value(r, 10 + b), and arrives at rank b as its block r */
    void *buf = reset();
    for (int b = 0; b < size; b++) {
        contiguous(out + ENTRIES * b, rank, 10 + b);
        if (in_place) {
            put(buf, b, rank, 10 + b);
        }
    }
    if (in_place) {
        MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, 1, current.type, MPI_COMM_WORLD);
    } else {
        MPI_Alltoall(out, ENTRIES, MPI_INT, buf, 1, current.type, MPI_COMM_WORLD);
    }
    for (int r = 0; r < size; r++) {
        owner[r] = r;
        tag[r] = 10 + rank;
    }
    snprintf(what, sizeof what, "alltoall%s", in_place ? " in place" : "");
    check(buf, size, owner, tag);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const MPI_Aint I = sizeof(int);
    layout layouts[5];
    int n = 0;
    MPI_Datatype t, s;

    MPI_Type_vector(4, 1, 2, MPI_INT, &t); /* ints 0, 2, 4, 6 of every 7 */
    layouts[n++] = (layout) {"vector", t, {0, 2 * I, 4 * I, 6 * I}, 7 * I, 0};

    int lengths[2] = {1, 3}, displs[2] = {1, 3};
    MPI_Type_indexed(2, lengths, displs, MPI_INT, &t); /* ints 1, 3, 4, 5; lb 1 int, extent 5 ints */
    layouts[n++] = (layout) {"indexed", t, {I, 3 * I, 4 * I, 5 * I}, 5 * I, 0};

    MPI_Datatype parts[2] = {MPI_INT, MPI_INT};
    MPI_Aint at[2] = {0, 4 * I};
    MPI_Type_create_struct(2, lengths, at, parts, &s); /* ints 0 and 4, 5, 6 of every 8 */
    MPI_Type_create_resized(s, 0, 8 * I, &t);
    MPI_Type_free(&s);
    layouts[n++] = (layout) {"struct", t, {0, 4 * I, 5 * I, 6 * I}, 8 * I, 0};

    MPI_Type_contiguous(4, MPI_INT, &s);
    MPI_Type_create_resized(s, -2 * I, 7 * I, &t); /* four ints, then three of gap; lb two ints before them */
    MPI_Type_free(&s);
    layouts[n++] = (layout) {"resized", t, {0, I, 2 * I, 3 * I}, 7 * I, 0};

    /* Block b's entry f is heap[f][b]: a struct of the four heap blocks' first ints, resized to one int. */
    int ones[ENTRIES] = {1, 1, 1, 1};
    MPI_Aint where[ENTRIES];
    MPI_Datatype four_ints[ENTRIES] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
    for (int f = 0; f < ENTRIES; f++) {
        heap[f] = malloc((NP_MAX + 1) * sizeof(int));
        MPI_Get_address(heap[f], &where[f]);
    }
    MPI_Type_create_struct(ENTRIES, ones, where, four_ints, &s);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(s, &lb, &extent);
    MPI_Type_create_resized(s, lb, I, &t);
    MPI_Type_free(&s);
    layouts[n++] = (layout) {"MPI_BOTTOM struct", t, {where[0], where[1], where[2], where[3]}, I, 1};

    for (int i = 0; i < n && size <= NP_MAX; i++) {
        MPI_Type_commit(&layouts[i].type);
        current = layouts[i];
        for (int in_place = 0; in_place < 2; in_place++) {
            for (int root = 0; root < size; root++) {
                rooted(root, in_place);
            }
            unrooted(in_place);
        }
        MPI_Type_free(&layouts[i].type);
        if (rank == 0) {
            printf("%s: every root, in place and not\n", current.name);
        }
    }
    CHECK(size <= NP_MAX, "at most %d ranks", NP_MAX);
    for (int f = 0; f < ENTRIES; f++) {
        free(heap[f]);
    }
    conformance_verdict("datatype-coll");
    MPI_Finalize();
    return 0;
}
