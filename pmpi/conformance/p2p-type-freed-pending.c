/* np: 2. A datatype freed while a receive that uses it is pending (MPI 3.1 §4.1.9: MPI_Type_free marks the type
 * for deallocation, and "any communication that is currently using this datatype will complete normally"). Rank 0
 * posts receives with derived types (a vector of pairs, and a type built from another type that is freed too),
 * frees the types, creates others with other layouts (which may reuse the freed handles), and only then completes
 * the receives, by MPI_Wait, MPI_Waitall and a loop of MPI_Test: each message lands in its receive's layout. */
#include "conformance.h"

#define N 16
#define HOLE (-1)

static int wrong_layout(const int *buf, int room, const int *at, int n, int seed) {
    int bad = 0, k = 0;
    for (int i = 0; i < room; i++) {
        int expected = k < n && at[k] == i ? seed + k++ : HOLE;
        bad += buf[i] != expected;
    }
    return bad;
}

static void holes(int *buf, int room) {
    for (int i = 0; i < room; i++) {
        buf[i] = HOLE;
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        int out[N];
        for (int m = 0; m < 4; m++) {
            for (int i = 0; i < N; i++) {
                out[i] = 100 * m + i;
            }
            MPI_Send(out, N, MPI_INT, 0, m, MPI_COMM_WORLD);
        }
    } else {
        /* Pairs of ints every 4 ints: 16 ints over 32. */
        int pairs_at[N], every_third_at[N];
        for (int k = 0; k < N; k++) {
            pairs_at[k] = 4 * (k / 2) + k % 2;
            every_third_at[k] = 3 * k;
        }
        static int a[64], b[64], c[64], d[64];
        holes(a, 64), holes(b, 64), holes(c, 64), holes(d, 64);
        MPI_Datatype pairs, pair, pairs_of_pair;
        MPI_Type_vector(N / 2, 2, 4, MPI_INT, &pairs);
        MPI_Type_commit(&pairs);
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_create_resized(pair, 0, 4 * (MPI_Aint) sizeof(int), &pairs_of_pair); /* the same layout, by extent */
        MPI_Type_commit(&pairs_of_pair);
        MPI_Request requests[3];
        MPI_Irecv(a, 1, pairs, 1, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(b, N / 2, pairs_of_pair, 1, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Irecv(c, 1, pairs, 1, 2, MPI_COMM_WORLD, &requests[2]);
        MPI_Type_free(&pairs);
        MPI_Type_free(&pair);
        MPI_Type_free(&pairs_of_pair);
        /* Other types, other layouts: every third int, and a plain contiguous run. */
        MPI_Datatype every_third, run;
        MPI_Type_vector(N, 1, 3, MPI_INT, &every_third);
        MPI_Type_commit(&every_third);
        MPI_Type_contiguous(N, MPI_INT, &run);
        MPI_Type_commit(&run);
        MPI_Status status;
        MPI_Wait(&requests[0], &status);
        CHECK(wrong_layout(a, 64, pairs_at, N, 0) == 0, "Wait: %d ints out of place", wrong_layout(a, 64, pairs_at, N, 0));
        int flag = 0;
        while (!flag) {
            MPI_Test(&requests[1], &flag, &status);
        }
        CHECK(wrong_layout(b, 64, pairs_at, N, 100) == 0, "Test: %d ints out of place",
              wrong_layout(b, 64, pairs_at, N, 100));
        MPI_Waitall(1, &requests[2], MPI_STATUSES_IGNORE);
        CHECK(wrong_layout(c, 64, pairs_at, N, 200) == 0, "Waitall: %d ints out of place",
              wrong_layout(c, 64, pairs_at, N, 200));
        /* The new type lays its message out as it says. */
        MPI_Recv(d, 1, every_third, 1, 3, MPI_COMM_WORLD, &status);
        CHECK(wrong_layout(d, 64, every_third_at, N, 300) == 0, "the new type: %d ints out of place",
              wrong_layout(d, 64, every_third_at, N, 300));
        printf("a[0..7] %d %d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
        MPI_Type_free(&every_third);
        MPI_Type_free(&run);
    }
    conformance_verdict("p2p-type-freed-pending");
    MPI_Finalize();
    return 0;
}
