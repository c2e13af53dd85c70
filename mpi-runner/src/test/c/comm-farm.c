/* comm-farm: a self-scheduling farm (one master, rank 0 of its communicator, and workers that report each task with
 * MSE_Task_done, so a deterministic --task-cost charges it) on a communicator chosen by the first argument:
 *   world  on MPI_COMM_WORLD;
 *   dup    on a duplicate of MPI_COMM_WORLD;
 *   split  two farms, one on each half of MPI_COMM_WORLD (MPI_Comm_split by rank < size / 2);
 *   cart   on a one-dimensional Cartesian communicator of every rank, made by MPI_Cart_create in the duplicate's place.
 * Every mode makes the duplicate (or the Cartesian one) first, so all pay for one creation and differ only in where the
 * farm runs.
 * Usage: comm-farm MODE [TASKS] (TASKS per farm, default 48). The master of each farm prints one line. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mse.h"

#define WORK_TAG 1
#define STOP_TAG 2
#define RESULT_TAG 3

static void master(MPI_Comm comm, int tasks, int farm) {
    int size, next = 0, busy = 0;
    MPI_Comm_size(comm, &size);
    for (int w = 1; w < size; w++) {
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, w, task < 0 ? STOP_TAG : WORK_TAG, comm);
        busy += task >= 0;
    }
    long long sum = 0;
    while (busy > 0) {
        int result[2];
        MPI_Status status;
        MPI_Recv(result, 2, MPI_INT, MPI_ANY_SOURCE, RESULT_TAG, comm, &status);
        sum += result[1];
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, status.MPI_SOURCE, task < 0 ? STOP_TAG : WORK_TAG, comm);
        busy -= task < 0;
    }
    printf("comm-farm %d: %d tasks, sum %lld\n", farm, tasks, sum);
}

static void worker(MPI_Comm comm) {
    while (1) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, comm, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        int result[2] = {task, task * task};
        MSE_Task_done(task, 1);
        MPI_Send(result, 2, MPI_INT, 0, RESULT_TAG, comm);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "world";
    int tasks = argc > 2 ? atoi(argv[2]) : 48;
    MPI_Comm dup, farm = MPI_COMM_WORLD, half = MPI_COMM_NULL;
    if (strcmp(mode, "cart") == 0) {
        int periods[1] = {0};
        MPI_Cart_create(MPI_COMM_WORLD, 1, &size, periods, 0, &dup);
    } else {
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    }
    if (strcmp(mode, "dup") == 0 || strcmp(mode, "cart") == 0) {
        farm = dup;
    } else if (strcmp(mode, "split") == 0) {
        MPI_Comm_split(MPI_COMM_WORLD, rank < size / 2, rank, &half);
        farm = half;
    }
    int farm_rank;
    MPI_Comm_rank(farm, &farm_rank);
    if (farm_rank == 0) {
        master(farm, tasks, rank == 0 ? 0 : 1);
    } else {
        worker(farm);
    }
    if (half != MPI_COMM_NULL) {
        MPI_Comm_free(&half);
    }
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
