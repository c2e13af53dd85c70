/* Off-CPU time: the wall time a rank's program spends between its MPI calls without running (sleeping, waiting for
 * I/O or a lock), which `--task-cost real` does not charge. An interval between two calls counts as off the CPU, wall
 * time less the CPU it measured, only when the thread blocked in it by itself (a voluntary context switch): a thread
 * that only waited for a core on a shared host was preempted, which is the host's load, not the program's. Pure
 * arithmetic on the readings the caller takes, so the unit tests drive it with numbers. */
#ifndef MSE_OFF_CPU_H
#define MSE_OFF_CPU_H

#include <stdint.h>

typedef struct {
    int64_t wall_mark;     /* wall clock when the program last left the library */
    long switches_mark;    /* the thread's voluntary context switches then */
    int64_t off_nanos;     /* off the CPU between calls, in all */
    int64_t outside_nanos; /* wall time between calls, in all */
} mse_off_cpu;

/* The program leaves the library at wall time wall_now, having switched voluntarily switches times so far. */
void mse_off_cpu_leave(mse_off_cpu *o, int64_t wall_now, long switches);

/* The program calls the library at wall_now with switches so far, having used cpu_nanos of CPU since it left. */
void mse_off_cpu_enter(mse_off_cpu *o, int64_t wall_now, long switches, int64_t cpu_nanos);

/* The readings: CLOCK_MONOTONIC, and the calling thread's voluntary context switches (getrusage, RUSAGE_THREAD). */
int64_t mse_off_cpu_wall_now(void);
long mse_off_cpu_switches_now(void);

#endif
