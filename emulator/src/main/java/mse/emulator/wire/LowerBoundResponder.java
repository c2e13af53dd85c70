package mse.emulator.wire;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import mse.emulator.kernel.EmulatorReply;

/**
 * The rank's side of demand-driven lower bounds (Chandy-Misra-Bryant null messages on demand, docs/architecture.md
 * "Grant rule"): the emulator holds a grant back until this computing rank's charged CPU since its last fact
 * reaches a target, and asks for exactly that. This thread answers once the CPU got there, or stops when the
 * rank's next fact makes the question moot (that fact carries its CPU itself).
 *
 * <p>No periodic timer and no spinning: up to 64 ranks share two cores, and a thread that polls steals the
 * core a working rank needs. Thread CPU time grows no faster than wall time, so the thread sleeps for the
 * CPU still missing divided by the share of a core the program thread got during the previous sleep.
 *
 * <p>Most requests need no wait: the rank has said something since the emulator asked (its fact is on the way, or
 * waits in the link to be flushed), or its CPU is already past the target. The link's reader thread settles those
 * itself as the request arrives, and only wakes this thread for a request that must wait: each wake-up of another
 * thread costs a core switch, which on a shared or virtual machine costs more than the check.
 */
final class LowerBoundResponder implements Runnable {

    /** Shortest sleep: below the kernel's timer slack a shorter one only costs wake-ups. */
    private static final long MIN_SLEEP_NANOS = 20_000;
    /** Longest sleep, so a rank that gets its core back is not overslept for long. */
    private static final long MAX_SLEEP_NANOS = 10_000_000;
    /** The least share of a core assumed: 64 ranks on 2 cores get about 1/32 each. */
    private static final double MIN_SHARE = 1.0 / 64;

    /** What the link does for this thread: count facts, flush them, send the answer. */
    interface Link {
        /** Facts (other than Progress and Failed) reported so far, sent or not. */
        long factsReported();

        /** Sends the facts reported and not yet sent. */
        void flush();

        /** Sends Progress(factsBefore, cpuNanos) unless another fact was reported since factsBefore. */
        void answer(long factsBefore, long cpuNanos);

        boolean ended();
    }

    /** What {@link #settle} returns for a request it answered, or found answered by a later fact. */
    private static final long SETTLED = Long.MIN_VALUE;

    private final Link link;
    private volatile LongSupplier cpuSinceLastFact;
    private final AtomicReference<EmulatorReply.ProgressRequest> request = new AtomicReference<>();
    private volatile Thread thread;

    LowerBoundResponder(Link link) {
        this.link = link;
    }

    /**
     * The charged CPU since the rank's last fact, or -1 while it cannot say (inside a Comm operation, or in a
     * task-cost mode that charges no measured CPU).
     */
    void measureWith(LongSupplier cpuSinceLastFact) {
        this.cpuSinceLastFact = cpuSinceLastFact;
    }

    /**
     * Reader thread: a new request replaces the previous one (the emulator only ever lowers the target), and is
     * settled here when it needs no wait. A rank that cannot measure its CPU never answers: its next fact does.
     */
    void onRequest(EmulatorReply.ProgressRequest next) {
        if (cpuSinceLastFact == null) {
            return;
        }
        request.set(next);
        try {
            if (settle(next) == SETTLED) {
                request.compareAndSet(next, null); // a thread serving an older request sees it gone and sleeps
                return;
            }
        } catch (EmulationAbortedException over) {
            return; // the link is gone: nobody is left to answer
        }
        Thread t = thread;
        if (t == null) {
            synchronized (this) {
                if (thread == null) {
                    thread = new Thread(this, "mse-lower-bound-rank-" + next.rank());
                    thread.setDaemon(true);
                    thread.start();
                    return;
                }
                t = thread;
            }
        }
        LockSupport.unpark(t);
    }

    /** Ends the thread (the link is closing). */
    void stop() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    @Override
    public void run() {
        try {
            while (!link.ended()) {
                EmulatorReply.ProgressRequest current = request.get();
                if (current == null) {
                    LockSupport.park(this);
                } else {
                    serve(current);
                    request.compareAndSet(current, null); // a newer request that came meanwhile is kept
                }
            }
        } catch (EmulationAbortedException over) {
            // the link is gone: nobody is left to answer
        }
    }

    /**
     * Settles a request that needs no wait: a fact reported since the emulator asked answers it (flushed now: the
     * kernel needs it first, and asks again if it still waits on us), and a CPU past the target is answered. Returns
     * {@link #SETTLED}, or else the CPU since the rank's last fact (-1 while the rank cannot say).
     */
    private long settle(EmulatorReply.ProgressRequest r) {
        if (link.factsReported() != r.factsSeen()) {
            link.flush();
            return SETTLED;
        }
        long cpu = cpuSinceLastFact.getAsLong();
        if (cpu >= r.cpuNanos()) {
            link.answer(r.factsSeen(), cpu);
            return SETTLED;
        }
        return cpu;
    }

    private void serve(EmulatorReply.ProgressRequest current) {
        long lastCpu = -1;
        long lastWall = System.nanoTime();
        double share = 1.0;
        long unknownSleep = MIN_SLEEP_NANOS / 2;
        while (request.get() == current && !link.ended()) {
            long cpu = settle(current);
            if (cpu == SETTLED) {
                break;
            }
            long wall = System.nanoTime();
            if (cpu >= 0 && lastCpu >= 0 && wall > lastWall) {
                share = Math.max(MIN_SHARE, Math.min(1.0, (double) (cpu - lastCpu) / (wall - lastWall)));
            }
            lastCpu = cpu;
            lastWall = wall;
            // Inside a Comm operation (or a warm-up) the rank cannot say: its next fact usually comes first, so
            // each retry waits twice as long as the one before.
            unknownSleep = cpu < 0 ? Math.min(MAX_SLEEP_NANOS, unknownSleep * 2) : MIN_SLEEP_NANOS / 2;
            long sleep = cpu < 0 ? unknownSleep : (long) ((current.cpuNanos() - cpu) / share);
            LockSupport.parkNanos(this, Math.max(MIN_SLEEP_NANOS, Math.min(MAX_SLEEP_NANOS, sleep)));
        }
    }
}
