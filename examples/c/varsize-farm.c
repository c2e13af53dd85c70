/* varsize-farm: a self-scheduling farm whose results vary in size. The master learns each result's size before
 * receiving it, with MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG) and MPI_Get_count, then receives exactly that message.
 * Usage: varsize-farm [TASKS [MAX_LENGTH]] (defaults 80 2000). Prints one deterministic line.
 * Messages: a task is 4 bytes (int task, tag WORK_TAG; -1 with STOP_TAG ends a worker); a result of task t is
 * length(t)*8 bytes of doubles (tag RESULT_TAG), length(t) = 1 + (t * 7919) % MAX_LENGTH. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WORK_TAG 1
#define STOP_TAG 2
#define RESULT_TAG 3

static int length_of(int task, int max_length) {
    return 1 + (int) (((long long) task * 7919) % max_length);
}

/* The task's result: a short recurrence per element, so the result's size and its content both depend on it. */
static void compute(int task, int length, double *out) {
    double x = task + 1;
    for (int i = 0; i < length; i++) {
        for (int k = 0; k < 200; k++) {
            x = x * 0.999 + 1.0 / (k + i + 1);
        }
        out[i] = x;
    }
}

static void master(int workers, int tasks) {
    int next = 0, busy = 0;
    for (int w = 1; w <= workers; w++) {
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, w, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy += task >= 0;
    }
    long long sum = 0; /* in millionths, so the total does not depend on the order results arrive in */
    long long elements = 0;
    while (busy > 0) {
        MPI_Status status;
        int length;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_DOUBLE, &length);
        double *result = malloc(sizeof(double) * (size_t) length);
        MPI_Recv(result, length, MPI_DOUBLE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < length; i++) {
            sum += (long long) (result[i] * 1e6);
        }
        elements += length;
        free(result);
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, status.MPI_SOURCE, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy -= task < 0;
    }
    printf("varsize-farm tasks=%d elements=%lld sum=%lld\n", tasks, elements, sum);
}

static void worker(int max_length) {
    double *result = malloc(sizeof(double) * (size_t) max_length);
    while (1) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        int length = length_of(task, max_length);
        compute(task, length, result);
        MPI_Send(result, length, MPI_DOUBLE, 0, RESULT_TAG, MPI_COMM_WORLD);
    }
    free(result);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int tasks = argc > 1 ? atoi(argv[1]) : 80, max_length = argc > 2 ? atoi(argv[2]) : 2000;
    if (size < 2 || tasks < 1 || max_length < 1) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P varsize-farm [TASKS [MAX_LENGTH]], P >= 2\n");
        }
        MPI_Finalize();
        return 2;
    }
    if (rank == 0) {
        master(size - 1, tasks);
    } else {
        worker(max_length);
    }
    MPI_Finalize();
    return 0;
}
