/* np: 4. MPI_Reduce_scatter_block and MPI_Reduce_scatter, blocking and nonblocking (MPI 3.1 §5.10, §5.12.9), on
 * MPI_COMM_WORLD and on the communicators of MPI_Comm_split (world ranks 0, 2, 3 numbered backwards by key -rank, and
 * rank 1 alone): element i of the ranks' vectors combined v0 op v1 op ... in rank order lands in the block of the rank
 * that i falls to (Reduce_scatter: blocks of 0 to 2 elements, one rank's empty), for non-commutative operations of the
 * program's own (the product of 2x2 integer matrices; the concatenation of rank intervals, which records the order)
 * and MPI_SUM, plainly and with MPI_IN_PLACE (the vector in the receive buffer); not in place, the elements of the
 * receive buffer past the rank's block keep what they held. Rank 0 prints a sum of every block. */
#include "conformance.h"
#include "noncommutative.h"

enum { NP_MAX = 4, MOST = 8, UNTOUCHED = -3 };

static MPI_Datatype matrix_type;
static MPI_Op product, concat;
static long long checksum;

/* Reduce_scatter_block (counts NULL, count each) or Reduce_scatter, blocking or not. */
static void reduce_scatter(int nonblocking, const void *in, void *out, const int *counts, int count,
                           MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    MPI_Request request;
    if (counts == NULL && nonblocking) {
        MPI_Ireduce_scatter_block(in, out, count, type, op, comm, &request);
    } else if (counts == NULL) {
        MPI_Reduce_scatter_block(in, out, count, type, op, comm);
    } else if (nonblocking) {
        MPI_Ireduce_scatter(in, out, counts, type, op, comm, &request);
    } else {
        MPI_Reduce_scatter(in, out, counts, type, op, comm);
    }
    if (nonblocking) {
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
}

/* One call of each operation on comm (world ranks members), with blocks of `counts` (NULL: 2 each), checked. */
static void blocks(MPI_Comm comm, const int *members, const int *counts, int nonblocking, int in_place) {
    int rank, n;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    int first = 0, total = 0;
    for (int r = 0; r < n; r++) {
        int c = counts == NULL ? 2 : counts[r];
        first += r < rank ? c : 0;
        total += c;
    }
    int mine = counts == NULL ? 2 : counts[rank];
    matrix vector[MOST], got[MOST];
    int interval[2 * MOST], joined[2 * MOST], ints[MOST], sum[MOST];
    for (int i = 0; i < MOST; i++) {
        vector[i] = of_rank(members[rank], i);
        got[i] = in_place ? vector[i] : of_rank(UNTOUCHED, 0);
        interval[2 * i] = interval[2 * i + 1] = rank + i * NP_MAX;
        joined[2 * i] = in_place ? interval[2 * i] : UNTOUCHED;
        joined[2 * i + 1] = in_place ? interval[2 * i + 1] : UNTOUCHED;
        ints[i] = members[rank] * 10 + i;
        sum[i] = in_place ? ints[i] : UNTOUCHED;
    }
    reduce_scatter(nonblocking, in_place ? MPI_IN_PLACE : vector, got, counts, 2, matrix_type, product, comm);
    reduce_scatter(nonblocking, in_place ? MPI_IN_PLACE : interval, joined, counts, 2, MPI_2INT, concat, comm);
    reduce_scatter(nonblocking, in_place ? MPI_IN_PLACE : ints, sum, counts, 2, MPI_INT, MPI_SUM, comm);
    for (int k = 0; k < MOST; k++) {
        if (k >= mine) { /* past the block: what it held (in place MPI leaves it undefined, and Open MPI writes it) */
            CHECK(in_place || same(got[k], of_rank(UNTOUCHED, 0)), "product [%d] written", k);
            CHECK(in_place || sum[k] == UNTOUCHED, "sum [%d] written: %d", k, sum[k]);
            continue;
        }
        int i = first + k, s = 0;
        matrix p = of_rank(members[0], i);
        for (int r = 0; r < n; r++) {
            p = r == 0 ? p : times(p, of_rank(members[r], i));
            s += members[r] * 10 + i;
        }
        CHECK(same(got[k], p), "in place %d: product [%d] is [[%lld %lld] [%lld %lld]]", in_place, k, got[k].m[0][0],
              got[k].m[0][1], got[k].m[1][0], got[k].m[1][1]);
        CHECK(joined[2 * k] == i * NP_MAX && joined[2 * k + 1] == i * NP_MAX + n - 1,
              "in place %d: intervals [%d] joined into [%d, %d]", in_place, k, joined[2 * k], joined[2 * k + 1]);
        CHECK(sum[k] == s, "in place %d: sum [%d] is %d, not %d", in_place, k, sum[k], s);
        checksum += got[k].m[0][0] + got[k].m[0][1] + joined[2 * k + 1] + sum[k];
    }
    CHECK(total <= MOST, "a vector of %d elements", total);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int world_rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Type_contiguous(4, MPI_LONG_LONG, &matrix_type);
    MPI_Type_commit(&matrix_type);
    MPI_Op_create(matrix_product, 0, &product);
    MPI_Op_create(concatenate, 0, &concat);
    MPI_Comm split;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank == 1, -world_rank, &split);
    MPI_Comm comms[2] = {MPI_COMM_WORLD, split};
    const int uneven[NP_MAX] = {1, 0, 2, 2}; /* the split's ranks take the first 3 or 1 */
    for (int c = 0; c < 2; c++) {
        int members[NP_MAX];
        MPI_Allgather(&world_rank, 1, MPI_INT, members, 1, MPI_INT, comms[c]);
        for (int v = 0; v < 2; v++) {
            for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
                checksum = 0;
                for (int in_place = 0; in_place < 2; in_place++) {
                    blocks(comms[c], members, v ? uneven : NULL, nonblocking, in_place);
                }
                long long total = 0;
                MPI_Reduce(&checksum, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
                if (world_rank == 0) {
                    printf("%s %sreduce_scatter%s: sum of the blocks %lld\n", c == 0 ? "world" : "split",
                           nonblocking ? "nonblocking " : "", v ? "" : "_block", total);
                }
            }
        }
    }
    MPI_Comm_free(&split);
    MPI_Op_free(&product);
    MPI_Op_free(&concat);
    MPI_Type_free(&matrix_type);
    conformance_verdict("coll-reduce-scatter");
    MPI_Finalize();
    return 0;
}
