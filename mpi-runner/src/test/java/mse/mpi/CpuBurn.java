package mse.mpi;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** Test-only: a known amount of this thread's CPU, as its own clock measures it. */
public final class CpuBurn {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuBurn() {
    }

    /** Spins until this thread has used at least nanos of CPU; returns what it used, as its own clock says. */
    public static long burn(long nanos) {
        if (nanos == 0) {
            return 0;
        }
        long start = THREADS.getCurrentThreadCpuTime();
        long used;
        double x = 1;
        do {
            for (int i = 0; i < 200; i++) {
                x = x * 1.000001 + 1e-9;
            }
            used = THREADS.getCurrentThreadCpuTime() - start;
        } while (used < nanos);
        if (x == 0) {
            throw new AssertionError("unreachable: keeps the loop alive");
        }
        return used;
    }
}
