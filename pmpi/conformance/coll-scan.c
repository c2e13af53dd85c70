/* np: 4. MPI_Scan and MPI_Exscan, blocking and nonblocking (MPI 3.1 §5.11, §5.12.7), on MPI_COMM_WORLD and on the
 * communicators of MPI_Comm_split (world ranks 0, 2, 3 numbered backwards by key -rank: three ranks, not a power of
 * two; and rank 1 alone): rank r receives v0 op ... op vr (Scan) or v0 op ... op v(r-1) (Exscan), combined in rank
 * order for non-commutative operations of the program's own (the product of 2x2 integer matrices, and the
 * concatenation of rank intervals, which records the order), a commutative one of its own and MPI_SUM, plainly and
 * with MPI_IN_PLACE, and through a strided datatype (with an operation of the program's own) whose gaps must keep what
 * they held. Exscan's rank 0 receive buffer is undefined (MPI leaves it so): Open MPI leaves it as it was, and so must
 * the emulation. Rank 0 prints a sum of every result. */
#include "conformance.h"
#include "noncommutative.h"

enum { NP_MAX = 4, COUNT = 2, GAP = -5 };

static void biggest(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        b[i] = a[i] > b[i] ? a[i] : b[i];
    }
}

/* A sum over the strided type's elements, one int every three (the type is its only caller). */
static void strided_plus(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        b[3 * i] += a[3 * i];
    }
}

static MPI_Datatype matrix_type, strided;
static MPI_Op product, concat, max_op, strided_sum;
static long long checksum;

/* Scan (exclusive 0) or Exscan of `count` elements of type with op, in place or not, blocking or not. */
static void prefix(int exclusive, int nonblocking, const void *in, void *out, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm) {
    MPI_Request request;
    if (exclusive && nonblocking) {
        MPI_Iexscan(in, out, count, type, op, comm, &request);
    } else if (exclusive) {
        MPI_Exscan(in, out, count, type, op, comm);
    } else if (nonblocking) {
        MPI_Iscan(in, out, count, type, op, comm, &request);
    } else {
        MPI_Scan(in, out, count, type, op, comm);
    }
    if (nonblocking) {
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
}

/* Every operation once, in place or not, with the checks of rank `rank` of comm, whose world ranks are members. */
static void prefixes(MPI_Comm comm, const int *members, int exclusive, int nonblocking, int in_place) {
    int rank;
    MPI_Comm_rank(comm, &rank);
    const char *name = exclusive ? "exscan" : "scan";
    int last = exclusive ? rank - 1 : rank, defined = last >= 0; /* the last rank combined; Exscan's rank 0: none */
    matrix mine[COUNT], got[COUNT];
    int interval[2 * COUNT], joined[2 * COUNT], ints[COUNT], sum[COUNT], top[COUNT];
    int spaced[3 * COUNT], given[3 * COUNT];
    for (int k = 0; k < COUNT; k++) {
        mine[k] = of_rank(members[rank], k);
        got[k] = in_place ? mine[k] : of_rank(99, 0);
        interval[2 * k] = interval[2 * k + 1] = rank + k * NP_MAX;
        joined[2 * k] = in_place ? interval[2 * k] : -9;
        joined[2 * k + 1] = in_place ? interval[2 * k + 1] : -9;
        ints[k] = members[rank] + 10 * k;
        sum[k] = in_place ? ints[k] : -9;
        top[k] = in_place ? ints[k] : -9;
        spaced[3 * k] = in_place ? ints[k] : -9;
        spaced[3 * k + 1] = spaced[3 * k + 2] = GAP;
        given[3 * k] = ints[k];
        given[3 * k + 1] = given[3 * k + 2] = -1;
    }
    prefix(exclusive, nonblocking, in_place ? MPI_IN_PLACE : mine, got, COUNT, matrix_type, product, comm);
    prefix(exclusive, nonblocking, in_place ? MPI_IN_PLACE : interval, joined, COUNT, MPI_2INT, concat, comm);
    prefix(exclusive, nonblocking, in_place ? MPI_IN_PLACE : ints, sum, COUNT, MPI_INT, MPI_SUM, comm);
    prefix(exclusive, nonblocking, in_place ? MPI_IN_PLACE : ints, top, COUNT, MPI_INT, max_op, comm);
    prefix(exclusive, nonblocking, in_place ? MPI_IN_PLACE : given, spaced, COUNT, strided, strided_sum, comm);
    for (int k = 0; k < COUNT; k++) {
        matrix p = of_rank(members[0], k);
        int s = members[0] + 10 * k, m = s;
        for (int r = 1; r <= last; r++) {
            p = times(p, of_rank(members[r], k));
            s += members[r] + 10 * k;
            m = members[r] + 10 * k > m ? members[r] + 10 * k : m;
        }
        if (!defined) { /* Exscan's rank 0: the receive buffer as it was */
            CHECK(same(got[k], in_place ? mine[k] : of_rank(99, 0)), "%s rank 0 product %d was written", name, k);
            CHECK(sum[k] == (in_place ? ints[k] : -9), "%s rank 0 sum %d was written: %d", name, k, sum[k]);
            continue;
        }
        CHECK(same(got[k], p), "%s in place %d: product %d is [[%lld %lld] [%lld %lld]]", name, in_place, k,
              got[k].m[0][0], got[k].m[0][1], got[k].m[1][0], got[k].m[1][1]);
        CHECK(joined[2 * k] == k * NP_MAX && joined[2 * k + 1] == k * NP_MAX + last,
              "%s in place %d: intervals %d joined into [%d, %d]", name, in_place, k, joined[2 * k], joined[2 * k + 1]);
        CHECK(sum[k] == s, "%s in place %d: sum %d is %d, not %d", name, in_place, k, sum[k], s);
        CHECK(top[k] == m, "%s in place %d: max %d is %d, not %d", name, in_place, k, top[k], m);
        CHECK(spaced[3 * k] == s, "%s in place %d: strided sum %d is %d", name, in_place, k, spaced[3 * k]);
        checksum += got[k].m[0][0] + got[k].m[0][1] + joined[2 * k + 1] + sum[k] + top[k];
    }
    for (int k = 0; k < COUNT; k++) {
        CHECK(spaced[3 * k + 1] == GAP && spaced[3 * k + 2] == GAP, "%s: a gap of the strided type was written", name);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int world_rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Type_contiguous(4, MPI_LONG_LONG, &matrix_type);
    MPI_Type_commit(&matrix_type);
    MPI_Type_vector(1, 1, 3, MPI_INT, &strided);
    MPI_Datatype resized;
    MPI_Type_create_resized(strided, 0, 3 * (MPI_Aint) sizeof(int), &resized);
    MPI_Type_free(&strided);
    strided = resized;
    MPI_Type_commit(&strided);
    MPI_Op_create(matrix_product, 0, &product);
    MPI_Op_create(concatenate, 0, &concat);
    MPI_Op_create(biggest, 1, &max_op);
    MPI_Op_create(strided_plus, 1, &strided_sum);
    MPI_Comm split;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank == 1, -world_rank, &split);
    MPI_Comm comms[2] = {MPI_COMM_WORLD, split};
    for (int c = 0; c < 2; c++) {
        int members[NP_MAX];
        MPI_Allgather(&world_rank, 1, MPI_INT, members, 1, MPI_INT, comms[c]);
        for (int exclusive = 0; exclusive < 2; exclusive++) {
            for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
                checksum = 0;
                for (int in_place = 0; in_place < 2; in_place++) {
                    prefixes(comms[c], members, exclusive, nonblocking, in_place);
                }
                long long total = 0;
                MPI_Reduce(&checksum, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
                if (world_rank == 0) {
                    printf("%s %s%s: sum of the results %lld\n", c == 0 ? "world" : "split",
                           nonblocking ? "nonblocking " : "", exclusive ? "exscan" : "scan", total);
                }
            }
        }
    }
    MPI_Comm_free(&split);
    MPI_Op_free(&product);
    MPI_Op_free(&concat);
    MPI_Op_free(&max_op);
    MPI_Op_free(&strided_sum);
    MPI_Type_free(&matrix_type);
    MPI_Type_free(&strided);
    conformance_verdict("coll-scan");
    MPI_Finalize();
    return 0;
}
