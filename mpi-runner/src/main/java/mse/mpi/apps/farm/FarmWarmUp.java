package mse.mpi.apps.farm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import mse.mpi.comm.Comm;
import mse.mpi.comm.JitQueue;
import mse.mpi.rank.MeasuredSpan;
import mse.mpi.rank.RunLog;

/**
 * Runs the farm's hot paths on every rank before the measured run, uncharged (Comm.warmUp): a task's
 * envelope, description, computation and collection, as master and slave do them, until the JIT has compiled
 * them. Otherwise the first tasks and results are charged the interpreter's and C1's time, and tasks of
 * identical work cost more at the start of a run than at its end. Only true results are collected, each where
 * the run will collect the same bytes again, so the program's state is unchanged.
 *
 * <p>Warm is measured, not assumed from call counts: the warm-up repeats one round of tasks (spread over the
 * whole bag, at least {@link #ROUND_NANOS} of CPU) until two rounds in a row cost within {@link #STABLE} of the
 * round before them while the JIT has nothing compiling or queued ({@link JitQueue}).
 * A fixed count was enough on a fast idle machine but not where C2 compiles late (a loaded or slower CI
 * machine charged the first EP tasks 1.4 times the last ones). {@link #CPU_BUDGET_NANOS} bounds it.
 *
 * <p>Then the strategy rehearses (Comm#warmUp(Runnable, Runnable), plain runs only): its own farm over the first
 * {@link #rehearsalTasks} tasks. The master's loop is compiled from its own iterations only; a plain np 2 run over tcp
 * otherwise ran its first ~1,000 results interpreted and compiled the loop inside the measured span, where each
 * compilation took a core from the spinning master or its computing slave for a scheduler tick or two (stalls the
 * rehearsal all but removes).
 */
public final class FarmWarmUp {

    /** One round's CPU: long enough that one round's cost is a stable figure to compare with the next. */
    static final long ROUND_NANOS = 2_000_000;
    /** Rounds whose costs differ by less than this are the same code's cost. */
    static final double STABLE = 0.03;
    /** Bounds the warm-up of costly tasks whose code keeps changing (each rank pays it once, uncharged). */
    static final long CPU_BUDGET_NANOS = 300_000_000;
    /** How long a warm-up waits for a busy JIT, in ms, before it runs another round (which the budget bounds). */
    static final int JIT_WAIT_MILLIS = 20;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private FarmWarmUp() {
    }

    /** Results a rehearsal asks for: enough for the master's loop to reach C2 on-stack at plain runs' counts. */
    static final int REHEARSAL_TASKS = 256;
    /** Bounds a rehearsal of costly tasks by their measured CPU, all slaves together. */
    static final long REHEARSAL_CPU_NANOS = 50_000_000;

    /**
     * Workloads already warm in this JVM, by class, with their cost per task then. Ranks as threads of one JVM
     * (emulate --local) share its compiled code, so the first rank's warm-up warms every rank's: the others wait for
     * it, blocked, and skip theirs. Each warming its own at once made every rank's warm-up longer, not shorter: with
     * many ranks on few cores most rank threads sat blocked in {@link JitQueue}'s check, and the warm-ups took nearly
     * the whole run. A JVM of one rank (under mpirun) warms as before.
     */
    private static final Map<Class<?>, Long> WARM = new HashMap<>();

    /** Warms up and rehearses as the comm decides; says whether the rehearsal ran (MeasuredSpan's values). */
    public static String run(Comm comm, Workload work, Strategy strategy) {
        long[] nanosPerTask = new long[1];
        boolean[] rehearsed = new boolean[1];
        comm.warmUp(() -> nanosPerTask[0] = exerciseOnce(work), () -> {
            strategy.rehearse(comm, work, rehearsalTasks(nanosPerTask[0]));
            rehearsed[0] = true;
        });
        if (!strategy.rehearses()) {
            return MeasuredSpan.REHEARSAL_NONE;
        }
        return rehearsed[0] ? MeasuredSpan.REHEARSAL_DONE : MeasuredSpan.REHEARSAL_SKIPPED;
    }

    /** {@link #REHEARSAL_TASKS}, fewer where tasks are costly (at least one). */
    static int rehearsalTasks(long nanosPerTask) {
        return (int) Math.max(1, Math.min(REHEARSAL_TASKS, REHEARSAL_CPU_NANOS / Math.max(1, nanosPerTask)));
    }

    /** {@link #exercise} unless this JVM warmed a workload of the same class already: then its cost per task. */
    public static long exerciseOnce(Workload work) {
        synchronized (WARM) {
            Long known = WARM.get(work.getClass());
            if (known == null) {
                known = exercise(work);
                WARM.put(work.getClass(), known);
            }
            return known;
        }
    }

    /**
     * Repeats one round of tasks until its cost is stable with the JIT idle, or the budget is spent; the calls made.
     * A round grows until it costs {@link #ROUND_NANOS} on the code of the moment, so that the comparison of two
     * rounds is not the clock's noise. While the JIT compiles, the warm-up sleeps instead of running more rounds:
     * they would only compete with the compiler for the core.
     */
    static long exercise(Workload work) {
        long start = THREADS.getCurrentThreadCpuTime();
        int roundCalls = 1;
        int calls = 0;
        long nanosPerTask = 0;
        long previous = Long.MAX_VALUE;
        int stableRounds = 0;
        while (stableRounds < 2 && THREADS.getCurrentThreadCpuTime() - start < CPU_BUDGET_NANOS) {
            long roundStart = THREADS.getCurrentThreadCpuTime();
            for (int call = 0; call < roundCalls; call++) {
                exerciseTask(work, call);
            }
            long cost = THREADS.getCurrentThreadCpuTime() - roundStart;
            nanosPerTask = cost / roundCalls;
            calls += roundCalls;
            boolean same = Math.abs(cost - previous) <= STABLE * previous;
            previous = cost;
            if (cost < ROUND_NANOS) {
                roundCalls *= 2;
                previous = Long.MAX_VALUE;
                stableRounds = 0;
            } else if (!same) {
                stableRounds = 0;
            } else if (JitQueue.idle()) {
                stableRounds++;
            } else {
                stableRounds = 0;
                JitQueue.awaitIdle(JIT_WAIT_MILLIS);
            }
        }
        RunLog.debug(FarmWarmUp.class, "warm-up: {} calls in rounds of {}, {} ms of CPU, {}", calls, roundCalls,
                (THREADS.getCurrentThreadCpuTime() - start) / 1_000_000, stableRounds == 2 ? "stable" : "ended by its budget");
        return nanosPerTask;
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
