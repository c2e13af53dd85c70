package mse.mpi.apps.partial;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.farm.Workload;
import mse.mpi.rank.RunProgress;

/**
 * Partial execution (seed 000 (000_779708a527b9c658.txt) section 3, Fig. 6): runs only the sampled tasks of
 * the real workload, in this JVM and thread, and measures each one's thread CPU time (ThreadMXBean, as the
 * live emulator charges it, so host load does not leak in). The JIT is warmed first on the same tasks, or the
 * first measurements would be the interpreter's. A deterministic cost model charges work units instead, as
 * EmulatedComm does; then nothing is timed and no warm-up is needed.
 */
public final class PartialExecution {

    /** At most this many sampled tasks are run untimed first (about what C2 needs to compile the loop). */
    private static final int WARM_UP_TASKS = 2_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Workload work;
    private final TaskCost taskCost;
    private final RunProgress progress;

    public PartialExecution(Workload work, TaskCost taskCost, RunProgress progress) {
        this.work = work;
        this.taskCost = taskCost;
        this.progress = progress;
    }

    /** The charged host cost (nanoseconds before the CPU ratio) of each task at the given positions. */
    public long[] measure(int[] positions) {
        if (taskCost.chargesMeasuredCpu()) {
            int step = Math.max(1, positions.length / WARM_UP_TASKS);
            for (int i = 0; i < positions.length; i += step) {
                work.compute(work.describe(positions[i]));
            }
        }
        long[] costs = new long[positions.length];
        for (int i = 0; i < positions.length; i++) {
            byte[] description = work.describe(positions[i]);
            long start = THREADS.getCurrentThreadCpuTime();
            Workload.Computed done = work.compute(description);
            long measured = THREADS.getCurrentThreadCpuTime() - start;
            costs[i] = taskCost.chargeNanos(measured, done.workUnits());
            if ((i & 255) == 255) {
                progress.update(i + 1, positions.length);
            }
        }
        progress.update(positions.length, positions.length);
        return costs;
    }
}
