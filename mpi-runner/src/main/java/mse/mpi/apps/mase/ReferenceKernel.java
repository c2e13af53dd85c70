package mse.mpi.apps.mase;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * A fixed block of MASE work whose time, here and on the target, gives the CPU speed ratio that the
 * emulator divides measured task CPU time by (docs/architecture.md, "Virtual time rules"). It is the program's own
 * kernel, so the ratio covers what MASE tasks actually do. Timed as thread CPU time (load on this machine
 * does not count), repeated, median.
 */
public final class ReferenceKernel {

    /** The block: the full default region at 200x150 points, max-iter 1000 (about 10^7 iterations). */
    public static final ImageSpec BLOCK = new ImageSpec(200, 150, -2, 1, -1.5, 1.5, 1000);
    public static final String DESCRIPTION = "MASE block: " + BLOCK.width() + "x" + BLOCK.height()
            + " points of region -2,1,-1.5,1.5 at max-iter " + BLOCK.maxIter()
            + ", escape counts summed; thread CPU seconds, median of repeats after one warm-up";

    private ReferenceKernel() {
    }

    /** One pass over the block; returns the summed escape counts (so the JIT cannot drop the work). */
    public static long once() {
        long sum = 0;
        for (int p = 0; p < BLOCK.points(); p++) {
            sum += BLOCK.count(p);
        }
        return sum;
    }

    /** Median thread CPU seconds of `repeats` passes, after one untimed warm-up pass. */
    public static double medianSeconds(int repeats) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
        long check = once();
        double[] seconds = new double[repeats];
        for (int i = 0; i < repeats; i++) {
            long start = threads.getCurrentThreadCpuTime();
            long sum = once();
            seconds[i] = (threads.getCurrentThreadCpuTime() - start) / 1e9;
            if (sum != check) {
                throw new IllegalStateException("the reference kernel is not deterministic: " + sum + " != " + check);
            }
        }
        Arrays.sort(seconds);
        return repeats % 2 == 1 ? seconds[repeats / 2] : (seconds[repeats / 2 - 1] + seconds[repeats / 2]) / 2;
    }
}
