#include "off_cpu.h"

#include <sys/resource.h> /* RUSAGE_THREAD: the Makefile defines _GNU_SOURCE */
#include <time.h>

void mse_off_cpu_leave(mse_off_cpu *o, int64_t wall_now, long switches) {
    o->wall_mark = wall_now;
    o->switches_mark = switches;
}

void mse_off_cpu_enter(mse_off_cpu *o, int64_t wall_now, long switches, int64_t cpu_nanos) {
    int64_t wall = wall_now - o->wall_mark;
    if (wall <= 0) {
        return;
    }
    o->outside_nanos += wall;
    if (switches > o->switches_mark && wall > cpu_nanos) {
        o->off_nanos += wall - cpu_nanos;
    }
}

int64_t mse_off_cpu_wall_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

long mse_off_cpu_switches_now(void) {
    struct rusage u;
    return getrusage(RUSAGE_THREAD, &u) == 0 ? u.ru_nvcsw : 0;
}
