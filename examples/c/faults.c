/* faults: a program that goes wrong on purpose, one way per argument, so that the tests (and a user trying MSE) see
 * each failure end the emulated run with one line naming the cause. Usage: faults KIND, KIND one of
 *   refused       rank 1 calls MPI_Scan, which MSE does not emulate
 *   bad-tag       rank 1 sends with tag -5, outside 0..MPI_TAG_UB (MPI_ERR_TAG)
 *   abort         rank 1 calls MPI_Abort with errorcode 7
 *   killed        rank 1 kills itself (SIGKILL) after its first receive
 *   deadlock      every rank receives from its neighbour and nobody sends
 *   multiple      MPI_Init_thread asks for MPI_THREAD_MULTIPLE
 *   none          a correct exchange: prints "faults none ok"
 * In a plain run (no MSE) refused and multiple are correct MPI and finish; the others fail as MPI does. */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void exchange(int rank, int size) {
    int value = rank;
    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else {
        MPI_Send(&value, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    const char *kind = argc > 1 ? argv[1] : "none";
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, strcmp(kind, "multiple") == 0 ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (strcmp(kind, "refused") == 0 && rank == 1) {
        int one = 1, sum;
        MPI_Scan(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else if (strcmp(kind, "bad-tag") == 0 && rank == 1) {
        MPI_Send(&rank, 1, MPI_INT, 0, -5, MPI_COMM_WORLD);
    } else if (strcmp(kind, "abort") == 0 && rank == 1) {
        MPI_Abort(MPI_COMM_WORLD, 7);
    } else if (strcmp(kind, "killed") == 0) {
        if (rank == 1) {
            int value;
            MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
            MPI_Recv(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            raise(SIGKILL);
        } else if (rank == 0) {
            int value;
            MPI_Recv(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(&rank, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
            MPI_Recv(&value, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* never comes */
        }
    } else if (strcmp(kind, "deadlock") == 0) {
        int value;
        MPI_Recv(&value, 1, MPI_INT, (rank + 1) % size, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (strcmp(kind, "none") == 0) {
        exchange(rank, size);
        if (rank == 0) {
            printf("faults none ok\n");
        }
    }
    MPI_Finalize();
    return 0;
}
