/* Reading a CPU clock is a system call, and every measured interval holds one: the part of the
 * mark's read after it sampled and the part of the next read before it did. That cost is not the program's, so it
 * is calibrated once, as the median of empty intervals measured the way the library measures, and taken off every
 * interval (CpuMeter.java does the same for the Java ranks). */
#include "cpu_meter.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CALIBRATION_INTERVALS 2001
#define WARM_UP_INTERVALS 200

static int64_t read_clock(clockid_t clock) {
    struct timespec t;
    if (clock_gettime(clock, &t) != 0) {
        return 0; /* an excluded thread that ended: its CPU stays in the process's, which the max(0, ..) absorbs */
    }
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

static int64_t now(mse_cpu_meter *m) {
    int64_t cpu = read_clock(m->program);
    for (int i = 0; i < m->excluded_count; i++) {
        cpu -= read_clock(m->excluded[i]);
    }
    return cpu;
}

int mse_cpu_meter_init(mse_cpu_meter *m, mse_cpu_scope scope) {
    m->scope = scope;
    m->excluded_count = 0;
    m->self_nanos = 0;
    if (scope == MSE_CPU_PROCESS) {
        m->program = CLOCK_PROCESS_CPUTIME_ID;
    } else if (pthread_getcpuclockid(pthread_self(), &m->program) != 0) {
        return -1;
    }
    atomic_store(&m->mark, now(m));
    return 0;
}

void mse_cpu_meter_use_wall_clock(mse_cpu_meter *m) {
    m->program = CLOCK_MONOTONIC;
    m->scope = MSE_CPU_THREAD; /* no other thread's time to leave out of a wall clock */
    atomic_store(&m->mark, now(m));
}

/* The Linux ABI's CPU clock of thread tid (CPUCLOCK_SCHED of a per-thread clock), as glibc's
 * pthread_getcpuclockid builds it: the only way to name the clock of a thread this library did not create. */
static clockid_t thread_clock(pid_t tid) {
    return (clockid_t) ((~(unsigned) tid << 3) | 6);
}

int mse_cpu_meter_exclude_other_threads(mse_cpu_meter *m) {
    if (m->scope != MSE_CPU_PROCESS) {
        return 0;
    }
    pid_t self = (pid_t) syscall(SYS_gettid);
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) {
        return -1;
    }
    int others = 0;
    struct dirent *e;
    while ((e = readdir(tasks)) != NULL) {
        pid_t tid = (pid_t) atoi(e->d_name);
        if (tid > 0 && tid != self && others++ < MSE_MAX_EXCLUDED_THREADS) {
            m->excluded[m->excluded_count++] = thread_clock(tid);
        }
    }
    closedir(tasks);
    if (others > MSE_MAX_EXCLUDED_THREADS) {
        m->excluded_count = 0;
    }
    atomic_store(&m->mark, now(m));
    return others;
}

static int by_value(const void *a, const void *b) {
    int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
    return (x > y) - (x < y);
}

void mse_cpu_meter_calibrate(mse_cpu_meter *m, int64_t (*empty_interval)(void *), void *ctx) {
    int64_t empty[CALIBRATION_INTERVALS];
    m->self_nanos = 0;
    for (int i = 0; i < WARM_UP_INTERVALS; i++) {
        empty_interval(ctx); /* caches and branch predictors, as between two real calls */
    }
    for (int i = 0; i < CALIBRATION_INTERVALS; i++) {
        empty[i] = empty_interval(ctx);
    }
    qsort(empty, CALIBRATION_INTERVALS, sizeof empty[0], by_value);
    m->self_nanos = empty[CALIBRATION_INTERVALS / 2];
}

int64_t mse_cpu_meter_since_mark(mse_cpu_meter *m) {
    int64_t d = now(m) - atomic_load(&m->mark) - m->self_nanos;
    return d > 0 ? d : 0;
}

int64_t mse_cpu_meter_take(mse_cpu_meter *m) {
    int64_t t = now(m);
    int64_t d = t - atomic_exchange(&m->mark, t);
    d -= m->self_nanos;
    return d > 0 ? d : 0;
}

void mse_cpu_meter_reset(mse_cpu_meter *m) {
    atomic_store(&m->mark, now(m));
}
