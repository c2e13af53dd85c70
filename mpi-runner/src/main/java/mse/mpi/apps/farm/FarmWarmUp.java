package mse.mpi.apps.farm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import mse.mpi.comm.Comm;

/**
 * Runs the farm's hot paths on every rank before the measured run, uncharged (Comm.warmUp): a task's
 * envelope, description, computation and collection, as master and slave do them, until the JIT has had
 * enough calls to compile them. Otherwise the first tasks and results are charged the interpreter's and
 * C1's time, and tasks of identical work cost more at the start of a run than at its end. Only true results
 * are collected, each where the run will collect the same bytes again, so the program's state is unchanged.
 */
public final class FarmWarmUp {

    /** Calls after which HotSpot's tiered compilation has compiled a hot method with C2 (Tier4 thresholds). */
    static final int CALLS = 3_000;
    /** Enough for a costly task's loops to be compiled on the stack; bounds the warm-up of long tasks. */
    static final long CPU_BUDGET_NANOS = 40_000_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private FarmWarmUp() {
    }

    public static void run(Comm comm, Workload work) {
        comm.warmUp(() -> exercise(work));
    }

    /** Tasks spread over the whole bag (different inputs, as the run will see), until CALLS or the budget. */
    static int exercise(Workload work) {
        long start = THREADS.getCurrentThreadCpuTime();
        int tasks = work.tasks();
        int calls = 0;
        while (calls < CALLS && THREADS.getCurrentThreadCpuTime() - start < CPU_BUDGET_NANOS) {
            int task = (int) ((calls * 2_654_435_761L) % tasks);
            byte[] handed = FarmMessages.withId(task, work.describe(task));
            Workload.Computed done = work.compute(FarmMessages.body(handed));
            byte[] returned = FarmMessages.withId(FarmMessages.id(handed), done.result());
            work.collect(FarmMessages.id(returned), FarmMessages.body(returned));
            calls++;
        }
        return calls;
    }
}
