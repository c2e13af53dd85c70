package mse.mpi.comm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Thread CPU time of one rank's program thread, in nanoseconds since the last mark. Thread CPU time,
 * not wall time, is what makes a prediction independent of host load: a rank that waits for a core
 * on an oversubscribed host accrues none. It can be read from another thread (the heartbeat).
 *
 * <p>Reading the clock is a system call (CLOCK_THREAD_CPUTIME_ID), and every measured
 * interval holds one: the part of the mark's read after it sampled and the part of the next read before it
 * did. That cost is not the program's, so its owner calibrates it once ({@link #calibrate}), as the median of
 * empty intervals measured the way the owner measures (after the JIT has compiled that path), and it is taken
 * off every interval.
 */
final class CpuMeter {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Empty intervals run before calibrating, so the calibrated path is the compiled one. */
    private static final int WARM_UP_INTERVALS = 10_000;
    private static final int CALIBRATION_INTERVALS = 2_001;

    /**
     * Whether a meter of this JVM ran the warm-up intervals already. The path they compile is the same for every
     * meter of the JVM, so ranks as threads of one JVM (emulate --local) warm it once: with hundreds of ranks the
     * intervals of every rank cost seconds of CPU before the first task.
     */
    private static volatile boolean pathWarm;

    private final LongSupplier clock;
    /** Only a meter of the thread that builds it is calibrated: a scripted clock's reads are the test's. */
    private final boolean calibratable;
    private volatile long mark;
    /** The CPU time an empty interval measures: the meter's (and its owner's) own cost, never charged. */
    private volatile long selfNanos;

    CpuMeter(Thread thread) {
        this(threadCpuClock(thread), thread == Thread.currentThread());
    }

    /**
     * The wall time of whichever thread reads it (`--task-cost wall`): what the program spends off the CPU between its
     * calls (sleeping, waiting for I/O or for a core) is charged too. Calibrated as the CPU meter is.
     */
    static CpuMeter wall() {
        return new CpuMeter(System::nanoTime, true);
    }

    /**
     * A meter on any clock of nanoseconds, never calibrated: tests script what the program thread consumed,
     * and when it is read.
     */
    CpuMeter(LongSupplier clock) {
        this(clock, false);
    }

    private CpuMeter(LongSupplier clock, boolean calibratable) {
        this.clock = clock;
        this.calibratable = calibratable;
        this.mark = now();
    }

    /**
     * Calibrates the cost of an empty interval as the owner measures one: `emptyInterval` ends an interval and
     * takes the next at once, through the same code as between two real operations, and returns what that
     * took. It runs until the JIT has compiled that path (once per JVM), then the median is this meter's own cost from
     * now on.
     * A meter on a scripted clock is not calibrated (its cost stays 0).
     */
    void calibrate(LongSupplier emptyInterval) {
        if (!calibratable) {
            return;
        }
        selfNanos = 0;
        for (int i = 0; !pathWarm && i < WARM_UP_INTERVALS; i++) {
            emptyInterval.getAsLong();
        }
        pathWarm = true;
        long[] empty = new long[CALIBRATION_INTERVALS];
        for (int i = 0; i < empty.length; i++) {
            empty[i] = emptyInterval.getAsLong();
        }
        Arrays.sort(empty);
        selfNanos = empty[empty.length / 2];
    }

    /** The meter's own cost per interval, as calibrated (0 before, and on a scripted clock). */
    long selfNanos() {
        return selfNanos;
    }

    /** CPU consumed since the last mark, without moving it. */
    long sinceMark() {
        return Math.max(0, now() - mark - selfNanos);
    }

    /** CPU consumed since the last mark; the mark moves to now. */
    long take() {
        return Math.max(0, interval() - selfNanos);
    }

    /** Moves the mark to now, discarding what was consumed (time spent inside the Comm layer itself). */
    void reset() {
        mark = now();
    }

    /** CPU measured since the last mark, meter included; the mark moves to now. */
    private long interval() {
        long t = now();
        long d = Math.max(0, t - mark);
        mark = t;
        return d;
    }

    /**
     * The owner reads its own clock (CLOCK_THREAD_CPUTIME_ID, no thread lookup): that read sits inside the
     * measured intervals, so the cheaper it is the less of it there is to take off.
     */
    private static LongSupplier threadCpuClock(Thread owner) {
        if (!THREADS.isThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time, which emulation needs");
        }
        if (!THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
        long threadId = owner.getId();
        return () -> Thread.currentThread() == owner ? THREADS.getCurrentThreadCpuTime() : THREADS.getThreadCpuTime(threadId);
    }

    private long now() {
        return clock.getAsLong();
    }
}
