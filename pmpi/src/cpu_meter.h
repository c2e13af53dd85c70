/* CPU time of a rank's program, in nanoseconds since the last mark (CpuMeter.java). CPU time, not wall time, is
 * what makes a prediction independent of host load: a rank that waits for a core accrues none. Readable from the
 * lower-bound thread too. */
#ifndef MSE_CPU_METER_H
#define MSE_CPU_METER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "env.h"

#define MSE_MAX_EXCLUDED_THREADS 16

typedef struct {
    mse_cpu_scope scope;
    clockid_t program;   /* thread scope: the program thread's clock; process scope: the process's */
    /* Process scope: the threads whose CPU is not the program's (Open MPI's and the library's own). */
    clockid_t excluded[MSE_MAX_EXCLUDED_THREADS];
    int excluded_count;
    _Atomic int64_t mark;
    _Atomic int64_t self_nanos; /* what an empty interval measures: the meter's own cost, never charged */
} mse_cpu_meter;

/* A meter of the calling thread (thread scope) or of the process (process scope); 0, or -1 with errno. */
int mse_cpu_meter_init(mse_cpu_meter *meter, mse_cpu_scope scope);
/* Measures wall time instead (--task-cost wall): what the program spends off the CPU between calls is charged too. */
void mse_cpu_meter_use_wall_clock(mse_cpu_meter *meter);
/* Process scope: leaves the CPU of every other thread alive now (Open MPI's, the library's) out of the charge.
 * Returns how many other threads there are (0 in thread scope); past MSE_MAX_EXCLUDED_THREADS none is left out. */
int mse_cpu_meter_exclude_other_threads(mse_cpu_meter *meter);
/* Calibrates the cost of an empty interval (its median) as its owner measures one: see the .c file. */
void mse_cpu_meter_calibrate(mse_cpu_meter *meter, int64_t (*empty_interval)(void *), void *ctx);
/* CPU consumed since the mark, without moving it. */
int64_t mse_cpu_meter_since_mark(mse_cpu_meter *meter);
/* CPU consumed since the mark; the mark moves to now. */
int64_t mse_cpu_meter_take(mse_cpu_meter *meter);
/* Moves the mark to now, dropping what was consumed (the library's own work). */
void mse_cpu_meter_reset(mse_cpu_meter *meter);

#endif
