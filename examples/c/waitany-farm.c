/* waitany-farm: the master keeps one MPI_Irecv posted per worker and takes results with MPI_Waitany, whichever
 * worker is first; at the end every rank's count of tasks goes to the master with MPI_Reduce, after the parameters
 * came to all with MPI_Bcast. Usage: waitany-farm [TASKS [WORK]] (defaults 96 300000). Prints one deterministic line.
 * Messages: a task is 4 bytes (int task, tag WORK_TAG; -1 with STOP_TAG ends a worker); a result is 16 bytes (two
 * long long: the task and its value, tag RESULT_TAG). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define WORK_TAG 1
#define STOP_TAG 2
#define RESULT_TAG 3

/* The task's value: `work` steps of a 64-bit linear congruential generator seeded by the task. */
static long long compute(int task, int work) {
    unsigned long long x = (unsigned long long) task * 2654435761u + 1;
    for (int i = 0; i < work + task % 7 * (work / 4); i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
    }
    return (long long) (x >> 33);
}

static void master(int workers, int tasks, long long *done) {
    MPI_Request *pending = malloc(sizeof(MPI_Request) * (size_t) workers);
    long long (*results)[2] = malloc(sizeof(long long[2]) * (size_t) workers);
    int next = 0, busy = 0;
    for (int w = 1; w <= workers; w++) {
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, w, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        pending[w - 1] = MPI_REQUEST_NULL;
        if (task >= 0) {
            MPI_Irecv(results[w - 1], 2, MPI_LONG_LONG, w, RESULT_TAG, MPI_COMM_WORLD, &pending[w - 1]);
            busy++;
        }
    }
    unsigned long long checksum = 0;
    while (busy > 0) {
        int index;
        MPI_Waitany(workers, pending, &index, MPI_STATUS_IGNORE);
        checksum += (unsigned long long) (results[index][0] + 1) * (unsigned long long) results[index][1];
        *done += 1;
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, index + 1, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        if (task >= 0) {
            MPI_Irecv(results[index], 2, MPI_LONG_LONG, index + 1, RESULT_TAG, MPI_COMM_WORLD, &pending[index]);
        } else {
            busy--;
        }
    }
    printf("waitany-farm tasks=%d checksum=%llu", tasks, checksum);
    free(results);
    free(pending);
}

static void worker(int work, long long *done) {
    while (1) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        long long result[2] = {task, compute(task, work)};
        MPI_Send(result, 2, MPI_LONG_LONG, 0, RESULT_TAG, MPI_COMM_WORLD);
        *done += 1;
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int parameters[2] = {96, 300000};
    if (rank == 0) {
        parameters[0] = argc > 1 ? atoi(argv[1]) : parameters[0];
        parameters[1] = argc > 2 ? atoi(argv[2]) : parameters[1];
    }
    MPI_Bcast(parameters, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (size < 2 || parameters[0] < 1 || parameters[1] < 1) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P waitany-farm [TASKS [WORK]], P >= 2\n");
        }
        MPI_Finalize();
        return 2;
    }
    long long done = 0, total = 0; /* the master counts results received, each worker tasks computed */
    if (rank == 0) {
        master(size - 1, parameters[0], &done);
    } else {
        worker(parameters[1], &done);
    }
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &done, rank == 0 ? &done : &total, 1, MPI_LONG_LONG, MPI_SUM, 0,
               MPI_COMM_WORLD);
    if (rank == 0) {
        printf(" counted=%lld\n", done); /* results received plus tasks computed: twice TASKS */
    }
    MPI_Finalize();
    return 0;
}
