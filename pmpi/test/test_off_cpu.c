/* Off-CPU time (off_cpu.h): an interval between calls counts wall less CPU only when the thread blocked by itself. */
#include <time.h>

#include "check.h"
#include "off_cpu.h"

int main(void) {
    mse_off_cpu o = {0};
    mse_off_cpu_leave(&o, 1000, 5);
    mse_off_cpu_enter(&o, 1000 + 3000000, 6, 1000000); /* slept: 3 ms wall, 1 ms CPU, one voluntary switch */
    CHECK_EQ(2000000, o.off_nanos, "a sleep's wall time less its CPU");
    CHECK_EQ(3000000, o.outside_nanos, "the interval's wall time");

    mse_off_cpu_leave(&o, 5000000, 6);
    mse_off_cpu_enter(&o, 9000000, 6, 1000000); /* waited 3 ms for a core: no switch of its own */
    CHECK_EQ(2000000, o.off_nanos, "a wait for a core is the host's load, not counted");
    CHECK_EQ(7000000, o.outside_nanos, "but its wall time is outside the library");

    mse_off_cpu_leave(&o, 10000000, 6);
    mse_off_cpu_enter(&o, 10000500, 9, 900); /* the process CPU of several threads above the wall time */
    CHECK_EQ(2000000, o.off_nanos, "never negative");

    mse_off_cpu_leave(&o, 20000000, 9);
    mse_off_cpu_enter(&o, 20000000, 10, 0);
    CHECK_EQ(7000500, o.outside_nanos, "an empty interval adds nothing");

    /* The real readings: a sleep is a voluntary switch and wall time passes. */
    long before = mse_off_cpu_switches_now();
    int64_t start = mse_off_cpu_wall_now();
    struct timespec nap = {0, 2000000};
    nanosleep(&nap, NULL);
    CHECK(mse_off_cpu_switches_now() > before, "nanosleep switches voluntarily");
    CHECK(mse_off_cpu_wall_now() - start >= 2000000, "the wall clock saw the sleep");
    return checks_end("test_off_cpu");
}
