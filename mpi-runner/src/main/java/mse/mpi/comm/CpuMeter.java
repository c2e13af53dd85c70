package mse.mpi.comm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.LongSupplier;

/**
 * Thread CPU time of one rank's program thread, in nanoseconds since the last mark. Thread CPU time,
 * not wall time, is what makes a prediction independent of host load: a rank that waits for a core
 * on an oversubscribed host accrues none. It can be read from another thread (the heartbeat).
 */
final class CpuMeter {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final LongSupplier clock;
    private volatile long mark;

    CpuMeter(Thread thread) {
        this(threadCpuClock(thread));
    }

    /** A meter on any clock of nanoseconds: tests script what the program thread consumed, and when it is read. */
    CpuMeter(LongSupplier clock) {
        this.clock = clock;
        this.mark = now();
    }

    /** CPU consumed since the last mark, without moving it. */
    long sinceMark() {
        return Math.max(0, now() - mark);
    }

    /** CPU consumed since the last mark; the mark moves to now. */
    long take() {
        long t = now();
        long d = Math.max(0, t - mark);
        mark = t;
        return d;
    }

    /** Moves the mark to now, discarding what was consumed (time spent inside the Comm layer itself). */
    void reset() {
        mark = now();
    }

    private long now() {
        return clock.getAsLong();
    }

    /**
     * The owner reads its own clock (CLOCK_THREAD_CPUTIME_ID, no thread lookup): that read sits inside the
     * measured intervals, so the cheaper it is the less of it is charged as the program's computation.
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
}
