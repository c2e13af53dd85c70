/*
 * A self-scheduling farm of N tasks with fixed message sizes, the C twin of mse.mpi.foreign.FixedFarm (Java, on
 * MSE's Comm): the same messages in the same order, so that in a deterministic task-cost mode both give the same
 * prediction to the bit. Work: 4 bytes (the task number) on tag 1 from rank 0; result: 8 bytes on tag 2 to rank 0;
 * stop: 4 bytes on tag 3. Each task reports MSE_Task_done(task, task % 7 + 1) and computes nothing else.
 * Usage: fixed-farm [TASKS] (default 64); rank 0 prints the sum of the results.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "mse.h"

enum { TAG_WORK = 1, TAG_RESULT = 2, TAG_STOP = 3 };

static long long serve(int np, int tasks) {
    int next = 0;
    long long sum = 0;
    for (int slave = 1; slave < np; slave++) {
        if (next < tasks) {
            MPI_Send(&next, 1, MPI_INT, slave, TAG_WORK, MPI_COMM_WORLD);
            next++;
        } else {
            MPI_Send(&next, 1, MPI_INT, slave, TAG_STOP, MPI_COMM_WORLD);
        }
    }
    for (int done = 0; done < tasks; done++) {
        long long result;
        MPI_Status status;
        MPI_Recv(&result, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &status);
        sum += result;
        int tag = next < tasks ? TAG_WORK : TAG_STOP;
        MPI_Send(&next, 1, MPI_INT, status.MPI_SOURCE, tag, MPI_COMM_WORLD);
        if (tag == TAG_WORK) {
            next++;
        }
    }
    return sum;
}

static void work(void) {
    for (;;) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == TAG_STOP) {
            return;
        }
        MSE_Task_done(task, task % 7 + 1);
        long long result = (long long) task * task;
        MPI_Send(&result, 1, MPI_LONG_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int tasks = argc > 1 ? atoi(argv[1]) : 64;
    if (rank == 0) {
        printf("sum of squares below %d: %lld\n", tasks, serve(np, tasks));
    } else {
        work();
    }
    MPI_Finalize();
    return 0;
}
