package mse.mpi.apps.sampled;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.LongSupplier;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.farm.FarmWarmUp;
import mse.mpi.apps.farm.MasterResultWork;
import mse.mpi.apps.farm.Workload;
import mse.mpi.rank.RunProgress;

/**
 * Partial execution (seed 000 (000_779708a527b9c658.txt) section 3, Fig. 6): runs only the sampled tasks of
 * the real workload, in this JVM and thread, and measures each one's thread CPU time (ThreadMXBean, as the
 * live emulator charges it, so host load does not leak in), then the master's work on its result (unwrapping,
 * collecting, wrapping a next task: {@link MasterResultWork}), which the live emulator charges the master between
 * its receives. The JIT is warmed first as a live rank warms it ({@link FarmWarmUp#exerciseOnce}) and then on the
 * sampled tasks themselves, or the first measurements would be the interpreter's, and the clock's own cost (the median
 * of empty intervals, as the live meter calibrates it) is taken off each measurement. Each sampled task and its
 * master's work are measured {@link #REPEATS} times and the median kept: a thread's CPU clock also counts what the host
 * did on its core meanwhile (interrupts, the hypervisor taking the virtual CPU), rare but up to milliseconds, and
 * interpolation spreads one sample over N/n tasks, so one such stall in one measurement would be charged N/n times
 * (a millisecond became 16 ms in a 1,000-task prediction from 64 samples); the live emulator charges it once. A
 * deterministic cost model charges work units instead, as EmulatedComm does, and charges the master nothing; then
 * nothing is timed, nothing repeated and no warm-up is needed.
 */
public final class PartialExecution {

    /** At most this many sampled tasks are run untimed first (about what C2 needs to compile the loop). */
    private static final int WARM_UP_TASKS = 2_000;
    /** Empty intervals measured untimed, then timed for the clock's own cost (as CpuMeter calibrates). */
    private static final int CLOCK_WARM_UP = 10_000;
    private static final int CLOCK_SAMPLES = 2_001;
    /** Measurements of each sampled task (and of its master's work) whose median is kept: odd, so it is one of them. */
    static final int REPEATS = 3;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Workload work;
    private final TaskCost taskCost;
    private final RunProgress progress;
    /** Thread CPU time, or wall time where the cost model charges wall time between calls. */
    private final LongSupplier clock;

    public PartialExecution(Workload work, TaskCost taskCost, RunProgress progress) {
        this.work = work;
        this.taskCost = taskCost;
        this.progress = progress;
        this.clock = taskCost.wallClock() ? System::nanoTime : THREADS::getCurrentThreadCpuTime;
    }

    /** What the sampled tasks cost (host nanoseconds before the CPU ratio): each task's, and its master's on its result. */
    public record Costs(long[] tasks, long[] masters) {}

    /** The charged host costs of the tasks at the given positions and of their masters' work on their results. */
    public Costs measure(int[] positions) {
        boolean measured = taskCost.chargesMeasuredCpu();
        long clockNanos = 0;
        if (measured) {
            FarmWarmUp.exerciseOnce(work);
            int step = Math.max(1, positions.length / WARM_UP_TASKS);
            for (int i = 0; i < positions.length; i += step) {
                Workload.Computed done = work.compute(work.describe(positions[i]));
                handle(positions[i], MasterResultWork.resultMessage(positions[i], done.result()));
            }
            clockNanos = clockCost(clock);
        }
        long[] costs = new long[positions.length];
        long[] masters = new long[positions.length];
        long[] taskRuns = new long[REPEATS];
        long[] masterRuns = new long[REPEATS];
        int repeats = measured ? REPEATS : 1;
        for (int i = 0; i < positions.length; i++) {
            for (int r = 0; r < repeats; r++) {
                byte[] description = work.describe(positions[i]);
                long start = clock.getAsLong();
                Workload.Computed done = work.compute(description);
                long end = clock.getAsLong();
                taskRuns[r] = taskCost.chargeNanos(Math.max(0, end - start - clockNanos), done.workUnits());
                if (measured) {
                    byte[] message = MasterResultWork.resultMessage(positions[i], done.result()); // the slave's, not timed
                    long received = clock.getAsLong();
                    handle(positions[i], message);
                    masterRuns[r] = Math.max(0, clock.getAsLong() - received - clockNanos);
                }
            }
            costs[i] = median(taskRuns, repeats);
            masters[i] = median(masterRuns, repeats);
            if ((i & 255) == 255) {
                progress.update(i + 1, positions.length);
            }
        }
        progress.update(positions.length, positions.length);
        return new Costs(costs, masters);
    }

    /**
     * The master's work on a result: collect it, then wrap a next task (this task's description stands for it: the
     * live master describes whichever task is next, whose description costs as much).
     */
    private void handle(int task, byte[] resultMessage) {
        MasterResultWork.collect(work, resultMessage);
        MasterResultWork.task(work, task);
    }

    /** The median of the first n values (sorted in place). */
    private static long median(long[] values, int n) {
        Arrays.sort(values, 0, n);
        return values[n / 2];
    }

    /** The median CPU an empty interval measures: two reads of this thread's clock, nothing between. */
    private static long clockCost(LongSupplier clock) {
        long[] empty = new long[CLOCK_SAMPLES];
        for (int i = 0; i < CLOCK_WARM_UP + CLOCK_SAMPLES; i++) {
            long start = clock.getAsLong();
            empty[i % CLOCK_SAMPLES] = clock.getAsLong() - start;
        }
        Arrays.sort(empty);
        return empty[CLOCK_SAMPLES / 2];
    }
}
