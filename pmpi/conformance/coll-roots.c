/* np: 3. Every collective the library emulates, at every root, plainly and with MPI_IN_PLACE wherever MPI 3.1 allows
 * it (§5.2.1: Reduce, Gather and Gatherv at the root, Scatter and Scatterv's receive at the root, Allreduce, Allgather,
 * Allgatherv and Alltoall at every rank), on MPI_INT and MPI_SUM/MPI_MAX: each rank checks every value it gets, and
 * that the slots of a receive buffer no block lands in keep what they held (§5.5: only the blocks are written). Three
 * ranks: the binomial tree of a size that is not a power of two, whose subtrees wrap past the last rank for a root
 * other than 0. */
#include "conformance.h"

enum { NP_MAX = 4, SENTINEL = -99 };

static int rank, size;

/* Rank r's values: distinct across ranks and positions. */
static int value(int r, int i) {
    return 100 * (r + 1) + i;
}

static void fill(int *buf, int n, int v) {
    for (int i = 0; i < n; i++) {
        buf[i] = v;
    }
}

static void rooted(int root) {
    int in_place;
    /* Bcast */
    int b[4];
    for (int i = 0; i < 4; i++) {
        b[i] = rank == root ? value(root, i) : SENTINEL;
    }
    MPI_Bcast(b, 4, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < 4; i++) {
        CHECK(b[i] == value(root, i), "root %d: bcast[%d] = %d", root, i, b[i]);
    }
    for (in_place = 0; in_place < 2; in_place++) {
        /* Reduce: sum and max of three values from every rank */
        int mine[3], sum[3], max[3];
        for (int i = 0; i < 3; i++) {
            mine[i] = value(rank, i);
        }
        fill(sum, 3, SENTINEL);
        if (in_place && rank == root) {
            for (int i = 0; i < 3; i++) {
                sum[i] = max[i] = mine[i];
            }
        }
        MPI_Reduce(in_place && rank == root ? MPI_IN_PLACE : mine, sum, 3, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        MPI_Reduce(in_place && rank == root ? MPI_IN_PLACE : mine, max, 3, MPI_INT, MPI_MAX, root, MPI_COMM_WORLD);
        for (int i = 0; rank == root && i < 3; i++) {
            int expected = 0;
            for (int r = 0; r < size; r++) {
                expected += value(r, i);
            }
            CHECK(sum[i] == expected, "root %d in place %d: reduce sum[%d] = %d", root, in_place, i, sum[i]);
            CHECK(max[i] == value(size - 1, i), "root %d in place %d: reduce max[%d] = %d", root, in_place, i, max[i]);
        }

        /* Gather of two ints each, into a buffer with a sentinel after the blocks */
        int two[2] = {value(rank, 0), value(rank, 1)}, all[2 * NP_MAX + 1];
        fill(all, 2 * size + 1, SENTINEL);
        if (in_place && rank == root) {
            all[2 * root] = two[0], all[2 * root + 1] = two[1];
        }
        MPI_Gather(in_place && rank == root ? MPI_IN_PLACE : two, 2, MPI_INT, all, 2, MPI_INT, root, MPI_COMM_WORLD);
        for (int r = 0; rank == root && r < size; r++) {
            CHECK(all[2 * r] == value(r, 0) && all[2 * r + 1] == value(r, 1), "root %d in place %d: gather block %d",
                  root, in_place, r);
        }
        CHECK(rank != root || all[2 * size] == SENTINEL, "root %d: gather wrote past its blocks", root);

        /* Gatherv: rank r sends r + 1 ints, placed in reverse rank order with a gap of one before each block */
        int counts[NP_MAX], displs[NP_MAX], at = 0, v[NP_MAX], gathered[NP_MAX * (NP_MAX + 2)];
        for (int r = size - 1; r >= 0; r--) {
            counts[r] = r + 1;
            displs[r] = at + 1;
            at += r + 2;
        }
        for (int i = 0; i < rank + 1; i++) {
            v[i] = value(rank, i);
        }
        fill(gathered, at, SENTINEL);
        if (in_place && rank == root) {
            for (int i = 0; i < counts[root]; i++) {
                gathered[displs[root] + i] = v[i];
            }
        }
        MPI_Gatherv(in_place && rank == root ? MPI_IN_PLACE : v, rank + 1, MPI_INT, gathered, counts, displs, MPI_INT,
                    root, MPI_COMM_WORLD);
        for (int r = 0; rank == root && r < size; r++) {
            CHECK(gathered[displs[r] - 1] == SENTINEL, "root %d: gatherv wrote the gap before block %d", root, r);
            for (int i = 0; i < counts[r]; i++) {
                CHECK(gathered[displs[r] + i] == value(r, i), "root %d in place %d: gatherv block %d[%d] = %d", root,
                      in_place, r, i, gathered[displs[r] + i]);
            }
        }

        /* Scatter of two ints each */
        int source[2 * NP_MAX], got[3];
        for (int r = 0; r < size; r++) {
            source[2 * r] = rank == root ? value(r, 0) : SENTINEL;
            source[2 * r + 1] = rank == root ? value(r, 1) : SENTINEL;
        }
        fill(got, 3, SENTINEL);
        int scatter_in_place = in_place && rank == root;
        MPI_Scatter(source, 2, MPI_INT, scatter_in_place ? MPI_IN_PLACE : got, 2, MPI_INT, root, MPI_COMM_WORLD);
        if (scatter_in_place) {
            CHECK(got[0] == SENTINEL && source[2 * root] == value(root, 0), "root %d: scatter in place", root);
        } else {
            CHECK(got[0] == value(rank, 0) && got[1] == value(rank, 1) && got[2] == SENTINEL,
                  "root %d: scatter got %d %d %d", root, got[0], got[1], got[2]);
        }

        /* Scatterv: the blocks Gatherv gathered, from where it put them */
        for (int r = 0; rank == root && r < size; r++) {
            for (int i = 0; i < counts[r]; i++) {
                gathered[displs[r] + i] = value(r, i) + 7;
            }
        }
        int part[NP_MAX + 1];
        fill(part, NP_MAX + 1, SENTINEL);
        MPI_Scatterv(gathered, counts, displs, MPI_INT, scatter_in_place ? MPI_IN_PLACE : part, rank + 1, MPI_INT,
                     root, MPI_COMM_WORLD);
        for (int i = 0; !scatter_in_place && i < rank + 1; i++) {
            CHECK(part[i] == value(rank, i) + 7, "root %d: scatterv part[%d] = %d", root, i, part[i]);
        }
        CHECK(part[rank + 1] == SENTINEL, "root %d: scatterv wrote past its block", root);
    }
}

static void unrooted(int in_place) {
    /* Allreduce */
    int mine[2] = {value(rank, 0), value(rank, 1)}, sum[2] = {SENTINEL, SENTINEL};
    if (in_place) {
        sum[0] = mine[0], sum[1] = mine[1];
    }
    MPI_Allreduce(in_place ? MPI_IN_PLACE : mine, sum, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < 2; i++) {
        int expected = 0;
        for (int r = 0; r < size; r++) {
            expected += value(r, i);
        }
        CHECK(sum[i] == expected, "in place %d: allreduce[%d] = %d", in_place, i, sum[i]);
    }

    /* Allgather, then Allgatherv with one-int gaps between the blocks */
    int all[2 * NP_MAX + 1];
    fill(all, 2 * size + 1, SENTINEL);
    if (in_place) {
        all[2 * rank] = mine[0], all[2 * rank + 1] = mine[1];
    }
    MPI_Allgather(in_place ? MPI_IN_PLACE : mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++) {
        CHECK(all[2 * r] == value(r, 0) && all[2 * r + 1] == value(r, 1), "in place %d: allgather block %d",
              in_place, r);
    }
    CHECK(all[2 * size] == SENTINEL, "allgather wrote past its blocks");
    int counts[NP_MAX], displs[NP_MAX], spread[3 * NP_MAX];
    for (int r = 0; r < size; r++) {
        counts[r] = r % 2 + 1;
        displs[r] = 3 * r + 1;
    }
    fill(spread, 3 * size, SENTINEL);
    if (in_place) {
        for (int i = 0; i < counts[rank]; i++) {
            spread[displs[rank] + i] = mine[i];
        }
    }
    MPI_Allgatherv(in_place ? MPI_IN_PLACE : mine, counts[rank], MPI_INT, spread, counts, displs, MPI_INT,
                   MPI_COMM_WORLD);
    for (int r = 0; r < size; r++) {
        CHECK(spread[3 * r] == SENTINEL, "allgatherv wrote the gap before block %d", r);
        for (int i = 0; i < counts[r]; i++) {
            CHECK(spread[displs[r] + i] == value(r, i), "in place %d: allgatherv block %d[%d]", in_place, r, i);
        }
        CHECK(counts[r] == 2 || spread[displs[r] + 1] == SENTINEL, "allgatherv wrote past block %d", r);
    }

    /* Alltoall: block r of rank s is value(s, r), and arrives at rank r as its block s */
    int out[NP_MAX], in[NP_MAX + 1];
    fill(in, size + 1, SENTINEL);
    for (int r = 0; r < size; r++) {
        out[r] = value(rank, 10 + r);
        if (in_place) {
            in[r] = out[r];
        }
    }
    MPI_Alltoall(in_place ? MPI_IN_PLACE : out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    for (int s = 0; s < size; s++) {
        CHECK(in[s] == value(s, 10 + rank), "in place %d: alltoall from %d: %d", in_place, s, in[s]);
    }
    CHECK(in[size] == SENTINEL, "alltoall wrote past its blocks");
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > NP_MAX) {
        CHECK(0, "at most %d ranks", NP_MAX);
    } else {
        for (int root = 0; root < size; root++) {
            rooted(root);
            MPI_Barrier(MPI_COMM_WORLD);
        }
        unrooted(0);
        unrooted(1);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 0) {
        printf("%d ranks, every root\n", size);
    }
    conformance_verdict("coll-roots");
    MPI_Finalize();
    return 0;
}
