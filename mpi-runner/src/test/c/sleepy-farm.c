/*
 * A farm whose workers sleep instead of computing: rank 0 hands out TASKS tasks (4 bytes each, tag 1; tag 2 stops a
 * worker), each worker sleeps SLEEP_MS milliseconds per task (nanosleep) and answers with 4 bytes. Time spent off the
 * CPU between MPI calls, which `--task-cost real` does not charge and `--task-cost wall` does.
 * Usage: sleepy-farm TASKS SLEEP_MS; rank 0 prints how many tasks came back.
 */
#define _POSIX_C_SOURCE 199309L /* nanosleep under -std=c11 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { TAG_WORK = 1, TAG_STOP = 2 };

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int tasks = argc > 1 ? atoi(argv[1]) : 20;
    long sleep_ms = argc > 2 ? atol(argv[2]) : 10;
    if (rank == 0) {
        int next = 0, back = 0;
        for (int worker = 1; worker < np; worker++) {
            int tag = next < tasks ? TAG_WORK : TAG_STOP;
            MPI_Send(&next, 1, MPI_INT, worker, tag, MPI_COMM_WORLD);
            next += tag == TAG_WORK;
        }
        while (back < tasks) {
            int done;
            MPI_Status status;
            MPI_Recv(&done, 1, MPI_INT, MPI_ANY_SOURCE, TAG_WORK, MPI_COMM_WORLD, &status);
            back++;
            int tag = next < tasks ? TAG_WORK : TAG_STOP;
            MPI_Send(&next, 1, MPI_INT, status.MPI_SOURCE, tag, MPI_COMM_WORLD);
            next += tag == TAG_WORK;
        }
        printf("%d tasks came back\n", back);
    } else {
        for (;;) {
            int task;
            MPI_Status status;
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            if (status.MPI_TAG == TAG_STOP) {
                break;
            }
            struct timespec nap = {sleep_ms / 1000, (sleep_ms % 1000) * 1000000L};
            nanosleep(&nap, NULL);
            MPI_Send(&task, 1, MPI_INT, 0, TAG_WORK, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
