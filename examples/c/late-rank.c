/* late-rank: one rank made late by a known amount, to read wait states off (docs/results.md, "Wait states and the
 * critical path"). Usage: late-rank [WORK] (default 100000). The last rank reports a task of WORK units
 * (MSE_Task_done, so `--task-cost per-iteration:DUR` makes it WORK x DUR late), then every rank calls MPI_Barrier: the
 * others wait there for it (collective wait). Then the last rank reports a second task of WORK units and sends an
 * 8-byte result to rank 0, which receives it from MPI_ANY_SOURCE, waiting for a sender that is late again (late
 * sender). Prints one deterministic line. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mse.h"

#define RESULT_TAG 3

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long long work = argc > 1 ? atoll(argv[1]) : 100000;
    if (size < 2 || work < 0) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P late-rank [WORK], P >= 2\n");
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int late = size - 1;
    if (rank == late) {
        MSE_Task_done(0, work);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == late) {
        MSE_Task_done(1, work);
        int result[2] = {late, (int) (work % 1000003)};
        MPI_Send(result, 2, MPI_INT, 0, RESULT_TAG, MPI_COMM_WORLD);
    } else if (rank == 0) {
        int result[2];
        MPI_Status status;
        MPI_Recv(result, 2, MPI_INT, MPI_ANY_SOURCE, RESULT_TAG, MPI_COMM_WORLD, &status);
        printf("late-rank np=%d late=%d value=%d\n", size, status.MPI_SOURCE, result[1]);
    }
    MPI_Finalize();
    return 0;
}
