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
 * <p>Reading the clock is a system call (CLOCK_THREAD_CPUTIME_ID, about 0.7 µs here), and every measured
 * interval holds one: the part of the mark's read after it sampled and the part of the next read before it
 * did. That cost is the meter's, not the program's, so it is calibrated once, as the median of empty
 * intervals (a mark and a read back to back, after the JIT has compiled both), and taken off every interval.
 */
final class CpuMeter {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Empty intervals run before calibrating, so the calibrated path is the compiled one. */
    private static final int WARM_UP_INTERVALS = 10_000;
    private static final int CALIBRATION_INTERVALS = 2_001;

    private final LongSupplier clock;
    private volatile long mark;
    /** The CPU time an empty interval measures: the meter's own cost, never charged. */
    private final long selfNanos;

    CpuMeter(Thread thread) {
        this(threadCpuClock(thread), thread == Thread.currentThread());
    }

    /**
     * A meter on any clock of nanoseconds, not calibrated: tests script what the program thread consumed,
     * and when it is read.
     */
    CpuMeter(LongSupplier clock) {
        this(clock, false);
    }

    private CpuMeter(LongSupplier clock, boolean calibrated) {
        this.clock = clock;
        this.mark = now();
        this.selfNanos = calibrated ? calibrate() : 0;
        this.mark = now();
    }

    /** The meter's own cost per interval, as calibrated (0 when built off the measured thread). */
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

    /** The median CPU time of an empty interval (reset, then take), measured on the owner thread. */
    private long calibrate() {
        for (int i = 0; i < WARM_UP_INTERVALS; i++) {
            reset();
            interval();
        }
        long[] empty = new long[CALIBRATION_INTERVALS];
        for (int i = 0; i < empty.length; i++) {
            reset();
            empty[i] = interval();
        }
        Arrays.sort(empty);
        return empty[empty.length / 2];
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
