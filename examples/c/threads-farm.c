/* threads-farm: a self-scheduling farm whose workers compute each task on two POSIX threads (the halves of its
 * range), as OpenMP code would; built with -fopenmp (build/openmp-farm) on two OpenMP threads instead. Run it with MSE_RANK_CPU=process (`./run.sh emulate --rank-cpu process`) so that the
 * CPU of both threads is charged; with the default (the thread that called MPI_Init) only the calling thread's half
 * would be. MPI is called by the main thread only (MPI_THREAD_FUNNELED). Usage: threads-farm [TASKS [WORK]]
 * (defaults 32 400000). Prints one deterministic line.
 * Messages: a task is 4 bytes (int task, tag WORK_TAG; -1 with STOP_TAG ends a worker); a result is 8 bytes
 * (long long, tag = the task + 1). */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WORK_TAG 1
#define STOP_TAG 2
#define RESULT_TAG_BASE 16

static unsigned long long term(int task, long long i) {
    unsigned long long x = (unsigned long long) i * 0x9e3779b97f4a7c15ull + (unsigned long long) task;
    x ^= x >> 29;
    return x * 0xbf58476d1ce4e5b9ull >> 40;
}

#ifdef _OPENMP
/* Built with -fopenmp (build/openmp-farm): the same sum, the range split over two OpenMP threads. */
static long long compute(int task, long long work) {
    unsigned long long sum = 0;
#pragma omp parallel for num_threads(2) reduction(+ : sum) schedule(static)
    for (long long i = 0; i < work; i++) {
        sum += term(task, i);
    }
    return (long long) (sum & 0x7fffffffffffffffull);
}
#else
typedef struct {
    int task;
    long long from, to;
    unsigned long long sum;
} half;

static void *compute_half(void *arg) {
    half *h = arg;
    unsigned long long sum = 0;
    for (long long i = h->from; i < h->to; i++) {
        sum += term(h->task, i);
    }
    h->sum = sum;
    return NULL;
}

/* The task's value: the sum over its range, the second half on a thread of its own. */
static long long compute(int task, long long work) {
    half halves[2] = {{task, 0, work / 2, 0}, {task, work / 2, work, 0}};
    pthread_t second;
    if (pthread_create(&second, NULL, compute_half, &halves[1]) != 0) {
        fprintf(stderr, "threads-farm: cannot start a thread\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    compute_half(&halves[0]);
    pthread_join(second, NULL);
    return (long long) ((halves[0].sum + halves[1].sum) & 0x7fffffffffffffffull);
}
#endif

static void master(int workers, int tasks) {
    int next = 0, busy = 0;
    for (int w = 1; w <= workers; w++) {
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, w, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy += task >= 0;
    }
    unsigned long long checksum = 0;
    while (busy > 0) {
        long long value;
        MPI_Status status;
        MPI_Recv(&value, 1, MPI_LONG_LONG, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        checksum += (unsigned long long) (status.MPI_TAG - RESULT_TAG_BASE + 1) * (unsigned long long) value;
        int task = next < tasks ? next++ : -1;
        MPI_Send(&task, 1, MPI_INT, status.MPI_SOURCE, task < 0 ? STOP_TAG : WORK_TAG, MPI_COMM_WORLD);
        busy -= task < 0;
    }
    printf("threads-farm tasks=%d checksum=%llu\n", tasks, checksum);
}

static void worker(long long work) {
    while (1) {
        int task;
        MPI_Status status;
        MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        if (status.MPI_TAG == STOP_TAG) {
            break;
        }
        long long value = compute(task, work + task % 3 * (work / 3));
        MPI_Send(&value, 1, MPI_LONG_LONG, 0, RESULT_TAG_BASE + task, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int tasks = argc > 1 ? atoi(argv[1]) : 32;
    long long work = argc > 2 ? atoll(argv[2]) : 400000;
    if (size < 2 || tasks < 1 || tasks > 30000 || work < 2) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np P threads-farm [TASKS (1..30000) [WORK]], P >= 2\n");
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
