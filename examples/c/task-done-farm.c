/* task-done-farm: a self-scheduling farm whose workers call MSE_Task_done(task, work) after each task, so that
 * `./run.sh emulate --task-cost fixed:DUR` or `per-iteration:DUR` charges every task a deterministic cost (mse.h; in a
 * plain run the call does nothing). Usage: task-done-farm [TASKS [WORK]] (defaults 64 200000): task t does
 * work(t) = WORK + (t % 5) * WORK / 4 iterations. Prints one deterministic line.
 *
 * Message sizes, exactly (the equivalent Java Comm farm must send the same for bit-identical predictions):
 *   master -> worker: 4 bytes (int task) with tag 1 (WORK_TAG), or 4 bytes (int -1) with tag 2 (STOP_TAG);
 *   worker -> master: 8 bytes (int task, int value) with tag 3 (RESULT_TAG), received from MPI_ANY_SOURCE.
 * The master first sends one task to each worker in rank order 1..P-1 (STOP when none is left), then answers each
 * result with the next task (or STOP) to the worker that sent it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "mse.h"

#define WORK_TAG 1
#define STOP_TAG 2
#define RESULT_TAG 3

static long long work_of(int task, int work) {
    return work + (long long) (task % 5) * (work / 4);
}

/* work steps of a 32-bit xorshift seeded by the task: real CPU for --task-cost real, a value to check. */
static int compute(int task, long long work) {
    unsigned x = 2463534242u ^ (unsigned) task;
    for (long long i = 0; i < work; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    return (int) (x & 0x7fffffff);
}

static void master(int workers, int tasks) {
    int next = 0, busy = 0;
    for (int w = 1; w <= workers; w++) {
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, w, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy += task >= 0;
    }
    unsigned long long checksum = 0;
    while (busy > 0) {
        int result[2];
        MPI_Status status;
        MPI_Recv(result, 2, MPI_INT, MPI_ANY_SOURCE, RESULT_TAG, MPI_COMM_WORLD, &status);
        checksum += (unsigned long long) (result[0] + 1) * (unsigned long long) result[1];
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, status.MPI_SOURCE, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy -= task < 0;
    }
    printf("task-done-farm tasks=%d checksum=%llu\n", tasks, checksum);
}

static void worker(int work) {
    while (1) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        long long units = work_of(task, work);
        int result[2] = {task, compute(task, units)};
        MSE_Task_done(task, units);
        MPI_Send(result, 2, MPI_INT, 0, RESULT_TAG, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int tasks = argc > 1 ? atoi(argv[1]) : 64, work = argc > 2 ? atoi(argv[2]) : 200000;
    if (size < 2 || tasks < 1 || work < 1) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P task-done-farm [TASKS [WORK]], P >= 2\n");
        }
        MPI_Finalize();
        return 2;
    }
    if (rank == 0) {
        master(size - 1, tasks);
    } else {
        worker(work);
    }
    MPI_Finalize();
    return 0;
}
