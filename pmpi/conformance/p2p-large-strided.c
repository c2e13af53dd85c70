/* np: 2. Large messages into strided types (MPI 3.1 §3.2-3.4, §4.1.2 vector, §4.1.11): 8 KiB, 64 KiB and 1 MiB of
 * ints, received into every other int of a buffer, by MPI_Send/MPI_Recv, MPI_Isend/MPI_Irecv and MPI_Sendrecv, in
 * both directions. A receive fills exactly the vector's elements and leaves its gaps alone, and MPI_Get_count counts
 * the message's whole vectors. Each exchange is a round trip, so the rank that sent first then waits for an answer:
 * emulated, a rank that waits for the emulator must keep its sends progressing (above the eager limit a receive into
 * a non-contiguous type needs the sender's MPI to move the data). */
#include <stdlib.h>

#include "conformance.h"

#define GAP (-7)

static int *values, *strided;

/* The n ints i + seed, contiguous; and the strided room, all gaps. */
static void prepare(int n, int seed) {
    for (int i = 0; i < n; i++) {
        values[i] = i + seed;
    }
    for (int i = 0; i < 2 * n; i++) {
        strided[i] = GAP;
    }
}

/* Ints in the strided room that are not i + seed at the vector's places or GAP between them. */
static int wrong_strided(int n, int seed) {
    int bad = 0;
    for (int i = 0; i < n; i++) {
        bad += strided[2 * i] != i + seed || strided[2 * i + 1] != GAP;
    }
    return bad;
}

static int wrong_values(int n, int seed) {
    int bad = 0;
    for (int i = 0; i < n; i++) {
        bad += values[i] != i + seed;
    }
    return bad;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int other = 1 - rank;
    const int sizes[3] = {8 * 1024, 64 * 1024, 1024 * 1024};
    values = malloc((size_t) sizes[2]);
    strided = malloc((size_t) 2 * (size_t) sizes[2]);
    for (int s = 0; s < 3; s++) {
        const int n = sizes[s] / (int) sizeof(int);
        MPI_Datatype vector;
        MPI_Type_vector(n, 1, 2, MPI_INT, &vector);
        MPI_Type_commit(&vector);
        MPI_Status status;
        int count;

        /* Send/Recv: rank 0 sends n contiguous ints, rank 1 receives them strided and sends them back strided. */
        if (rank == 0) {
            prepare(n, s);
            MPI_Send(values, n, MPI_INT, 1, 1, MPI_COMM_WORLD);
            prepare(n, -1);
            MPI_Recv(strided, 1, vector, 1, 2, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, vector, &count);
            CHECK(count == 1 && wrong_strided(n, s) == 0, "Send/Recv %d bytes back: count %d, %d wrong", sizes[s],
                  count, wrong_strided(n, s));
            printf("Send/Recv %d bytes: %d vector\n", sizes[s], count);
        } else {
            prepare(n, -1);
            MPI_Recv(strided, 1, vector, 0, 1, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, vector, &count);
            CHECK(count == 1 && wrong_strided(n, s) == 0, "Send/Recv %d bytes: count %d, %d wrong", sizes[s], count,
                  wrong_strided(n, s));
            MPI_Send(strided, 1, vector, 0, 2, MPI_COMM_WORLD);
        }

        /* Isend/Irecv: the first rank's send completes before it posts its receive; the other answers. */
        MPI_Request request;
        if (rank == 0) {
            prepare(n, 10 + s);
            for (int i = 0; i < n; i++) {
                strided[2 * i] = values[i];
            }
            MPI_Isend(strided, 1, vector, 1, 3, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            prepare(n, -1);
            MPI_Irecv(strided, 1, vector, 1, 4, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, &status);
            MPI_Get_count(&status, vector, &count);
            CHECK(count == 1 && wrong_strided(n, 20 + s) == 0, "Isend/Irecv %d bytes back: count %d, %d wrong",
                  sizes[s], count, wrong_strided(n, 20 + s));
            printf("Isend/Irecv %d bytes: %d vector\n", sizes[s], count);
        } else {
            prepare(n, -1);
            MPI_Irecv(strided, 1, vector, 0, 3, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, &status);
            CHECK(wrong_strided(n, 10 + s) == 0, "Isend/Irecv %d bytes: %d wrong", sizes[s], wrong_strided(n, 10 + s));
            prepare(n, 20 + s);
            MPI_Isend(values, n, MPI_INT, 0, 4, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
        }

        /* Sendrecv: both at once, contiguous out and strided in; then the same back, strided out and contiguous in. */
        prepare(n, 100 * rank + s);
        MPI_Sendrecv(values, n, MPI_INT, other, 5, strided, 1, vector, other, 5, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, vector, &count);
        CHECK(count == 1 && wrong_strided(n, 100 * other + s) == 0, "Sendrecv %d bytes: count %d, %d wrong", sizes[s],
              count, wrong_strided(n, 100 * other + s));
        for (int i = 0; i < n; i++) {
            values[i] = -1;
        }
        MPI_Sendrecv(strided, 1, vector, other, 6, values, n, MPI_INT, other, 6, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        CHECK(count == n && wrong_values(n, 100 * rank + s) == 0, "Sendrecv %d bytes back: count %d, %d wrong",
              sizes[s], count, wrong_values(n, 100 * rank + s));
        if (rank == 0) {
            printf("Sendrecv %d bytes: %d ints back\n", sizes[s], count);
        }
        MPI_Type_free(&vector);
    }
    free(values);
    free(strided);
    conformance_verdict("p2p-large-strided");
    MPI_Finalize();
    return 0;
}
