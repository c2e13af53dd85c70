/* np: 3. The program's own reduction operations (MPI_Op_create) in MPI_Reduce at every root and in MPI_Allreduce,
 * plainly and with MPI_IN_PLACE: a non-commutative operation combines the ranks' values in rank order, v0 op v1 op ...
 * op v(n-1), whatever the root (MPI 3.1 §5.9.1, §5.9.5); a commutative one may combine them in any order. Two
 * non-commutative operations: the product of 2x2 integer matrices, and the concatenation of rank intervals, which
 * records the order ([a, b] op [b + 1, c] is [a, c]; any other pair is [-1, -1]). Three ranks: for a root other than
 * 0 the binomial tree relative to the root wraps from the last rank to rank 0. */
#include "conformance.h"
#include "noncommutative.h"

enum { NP_MAX = 4, COUNT = 2 };

static int rank, size;

static void plus(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        b[i] += a[i];
    }
}

static matrix product_of_all(int k) {
    matrix p = of_rank(0, k);
    for (int r = 1; r < size; r++) {
        p = times(p, of_rank(r, k));
    }
    return p;
}

/* One reduction of each operation to root (root -1: MPI_Allreduce), plainly or in place; checks the results where
 * they are defined. */
static void reduce_all(int root, int in_place, MPI_Datatype matrix_type, MPI_Op product, MPI_Op concat, MPI_Op sum) {
    int here = root < 0 || rank == root, place = in_place && here;
    matrix mine[COUNT], got[COUNT];
    int interval[2 * COUNT], joined[2 * COUNT], ints[COUNT], total[COUNT];
    for (int k = 0; k < COUNT; k++) {
        mine[k] = got[k] = of_rank(rank, k);
        interval[2 * k] = interval[2 * k + 1] = joined[2 * k] = joined[2 * k + 1] = rank + k * size;
        ints[k] = total[k] = rank + k;
    }
    if (root < 0) {
        MPI_Allreduce(place ? MPI_IN_PLACE : mine, got, COUNT, matrix_type, product, MPI_COMM_WORLD);
        MPI_Allreduce(place ? MPI_IN_PLACE : interval, joined, COUNT, MPI_2INT, concat, MPI_COMM_WORLD);
        MPI_Allreduce(place ? MPI_IN_PLACE : ints, total, COUNT, MPI_INT, sum, MPI_COMM_WORLD);
    } else {
        MPI_Reduce(place ? MPI_IN_PLACE : mine, got, COUNT, matrix_type, product, root, MPI_COMM_WORLD);
        MPI_Reduce(place ? MPI_IN_PLACE : interval, joined, COUNT, MPI_2INT, concat, root, MPI_COMM_WORLD);
        MPI_Reduce(place ? MPI_IN_PLACE : ints, total, COUNT, MPI_INT, sum, root, MPI_COMM_WORLD);
    }
    for (int k = 0; here && k < COUNT; k++) {
        matrix p = product_of_all(k);
        CHECK(same(got[k], p), "root %d in place %d: product %d is [[%lld %lld] [%lld %lld]]", root, in_place, k,
              got[k].m[0][0], got[k].m[0][1], got[k].m[1][0], got[k].m[1][1]);
        CHECK(joined[2 * k] == k * size && joined[2 * k + 1] == k * size + size - 1,
              "root %d in place %d: intervals %d joined into [%d, %d]", root, in_place, k, joined[2 * k],
              joined[2 * k + 1]);
        CHECK(total[k] == size * (size - 1) / 2 + size * k, "root %d in place %d: sum %d is %d", root, in_place, k,
              total[k]);
    }
    if (rank == 0 && root <= 0 && !in_place) {
        printf("%s: product [[%lld %lld] [%lld %lld]], intervals [%d, %d] [%d, %d], sums %d %d\n",
               root < 0 ? "allreduce" : "reduce", got[0].m[0][0], got[0].m[0][1], got[0].m[1][0], got[0].m[1][1],
               joined[0], joined[1], joined[2], joined[3], total[0], total[1]);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype matrix_type;
    MPI_Type_contiguous(4, MPI_LONG_LONG, &matrix_type);
    MPI_Type_commit(&matrix_type);
    MPI_Op product, concat, sum;
    MPI_Op_create(matrix_product, 0, &product);
    MPI_Op_create(concatenate, 0, &concat);
    MPI_Op_create(plus, 1, &sum);
    int commutes;
    MPI_Op_commutative(product, &commutes);
    CHECK(!commutes, "MPI_Op_commutative says the product commutes");
    for (int in_place = 0; in_place < 2; in_place++) {
        for (int root = -1; root < size; root++) {
            reduce_all(root, in_place, matrix_type, product, concat, sum);
        }
    }
    MPI_Op_free(&product);
    MPI_Op_free(&concat);
    MPI_Op_free(&sum);
    MPI_Type_free(&matrix_type);
    conformance_verdict("coll-user-ops");
    MPI_Finalize();
    return 0;
}
