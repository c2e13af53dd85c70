package mse.mpi.apps.farm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import mse.mpi.comm.Comm;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the farm's hot paths on every rank before the measured run, uncharged (Comm.warmUp): a task's
 * envelope, description, computation and collection, as master and slave do them, until the JIT has compiled
 * them. Otherwise the first tasks and results are charged the interpreter's and C1's time, and tasks of
 * identical work cost more at the start of a run than at its end. Only true results are collected, each where
 * the run will collect the same bytes again, so the program's state is unchanged.
 *
 * <p>Warm is measured, not assumed from call counts: the warm-up repeats one fixed round of tasks (spread
 * over the whole bag, at least {@link #ROUND_NANOS} of CPU) until two rounds in a row cost within
 * {@link #STABLE} of the round before them while the JIT has nothing compiling or queued ({@link JitQueue}).
 * A fixed count was enough on a fast idle machine but not where C2 compiles late (a loaded or slower CI
 * machine charged the first EP tasks 1.4 times the last ones). {@link #CPU_BUDGET_NANOS} bounds it.
 */
public final class FarmWarmUp {

    /** One round's CPU: long enough that one round's cost is a stable figure to compare with the next. */
    static final long ROUND_NANOS = 2_000_000;
    /** Rounds whose costs differ by less than this are the same code's cost. */
    static final double STABLE = 0.03;
    /** Bounds the warm-up of costly tasks whose code keeps changing (each rank pays it once, uncharged). */
    static final long CPU_BUDGET_NANOS = 300_000_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Logger LOG = LoggerFactory.getLogger(FarmWarmUp.class);

    private FarmWarmUp() {
    }

    public static void run(Comm comm, Workload work) {
        comm.warmUp(() -> exercise(work));
    }

    /** Repeats one round of tasks until its cost is stable with the JIT idle, or the budget is spent; the calls made. */
    static int exercise(Workload work) {
        long start = THREADS.getCurrentThreadCpuTime();
        int roundCalls = 0;
        while (THREADS.getCurrentThreadCpuTime() - start < ROUND_NANOS) {
            exerciseTask(work, roundCalls++);
        }
        int calls = roundCalls;
        long previous = Long.MAX_VALUE;
        int stableRounds = 0;
        while (stableRounds < 2 && THREADS.getCurrentThreadCpuTime() - start < CPU_BUDGET_NANOS) {
            long roundStart = THREADS.getCurrentThreadCpuTime();
            for (int call = 0; call < roundCalls; call++) {
                exerciseTask(work, call);
            }
            long cost = THREADS.getCurrentThreadCpuTime() - roundStart;
            calls += roundCalls;
            boolean same = Math.abs(cost - previous) <= STABLE * previous;
            stableRounds = same && JitQueue.idle() ? stableRounds + 1 : 0;
            previous = cost;
        }
        LOG.debug("warm-up: {} calls in rounds of {}, {} ms of CPU, {}", calls, roundCalls,
                (THREADS.getCurrentThreadCpuTime() - start) / 1_000_000, stableRounds == 2 ? "stable" : "ended by its budget");
        return calls;
    }

    /** The call-th task of a sequence that spreads over the whole bag (different inputs, as the run will see). */
    private static void exerciseTask(Workload work, int call) {
        int task = (int) ((call * 2_654_435_761L) % work.tasks());
        byte[] handed = FarmMessages.withId(task, work.describe(task));
        Workload.Computed done = work.compute(FarmMessages.body(handed));
        byte[] returned = FarmMessages.withId(FarmMessages.id(handed), done.result());
        work.collect(FarmMessages.id(returned), FarmMessages.body(returned));
    }
}
