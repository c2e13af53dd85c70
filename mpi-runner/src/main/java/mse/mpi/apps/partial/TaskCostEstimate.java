package mse.mpi.apps.partial;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.model.TaskCost;
import mse.emulator.partial.Bootstrap;
import mse.emulator.partial.ControlSet;
import mse.emulator.partial.ErrorInterval;
import mse.emulator.partial.LinearInterpolation;
import mse.emulator.partial.SamplePlan;
import mse.mpi.apps.farm.Workload;
import mse.mpi.rank.RunProgress;

/**
 * Every task's estimated host cost from partial execution (seed 000 (000_779708a527b9c658.txt) Fig. 6), with
 * what it took: the sample size n, how many tasks really ran, the bootstrap's I_e rows (Table 2) and the time
 * of each phase (Table 1; wall time of this tool, never virtual time).
 */
public record TaskCostEstimate(long[] hostCosts, int sampleSize, int executed, List<ErrorInterval> bootstrap,
                               ErrorInterval interval, double partialSeconds, double bootstrapSeconds,
                               double interpolationSeconds) {

    /** n tasks spread over the assignment order (n >= N: all of them, nothing interpolated). */
    public static TaskCostEstimate sample(Workload work, TaskCost cost, int n, boolean randomOrder, long seed, RunProgress progress) {
        long t0 = System.nanoTime();
        int[] positions = SamplePlan.evenlySpaced(n, work.tasks());
        long[] measured = new PartialExecution(work, cost, progress).measure(positions);
        long t1 = System.nanoTime();
        Bootstrap bootstrap = Bootstrap.paper(seed);
        List<ErrorInterval> table = bootstrap.table(measured);
        long t2 = System.nanoTime();
        return finish(work, positions, measured, table, table.get(table.size() - 1), randomOrder, seed, t0, t1, t2);
    }

    /**
     * Section 4.3's policy: n = 4, 16, 64, ... until the bootstrap's I_e for n lies within +-x percent (or every
     * task has run). Each step runs its own evenly spread sample; the last one is used.
     */
    public static TaskCostEstimate targetError(Workload work, TaskCost cost, double percent, boolean randomOrder, long seed,
                                               RunProgress progress) {
        Bootstrap bootstrap = Bootstrap.paper(seed);
        PartialExecution partial = new PartialExecution(work, cost, progress);
        List<ErrorInterval> rows = new ArrayList<>();
        long partialNanos = 0;
        long bootstrapNanos = 0;
        int executed = 0;
        for (int n = 4; ; n = (int) Math.min((long) n * 4, work.tasks())) {
            long t0 = System.nanoTime();
            int[] positions = SamplePlan.evenlySpaced(n, work.tasks());
            long[] measured = partial.measure(positions);
            executed += positions.length;
            long t1 = System.nanoTime();
            ErrorInterval row = bootstrap.interval(measured, positions.length);
            rows.add(row);
            long t2 = System.nanoTime();
            partialNanos += t1 - t0;
            bootstrapNanos += t2 - t1;
            if (row.within(percent) || positions.length >= work.tasks()) {
                TaskCostEstimate e = finish(work, positions, measured, rows, row, randomOrder, seed, 0, partialNanos,
                        partialNanos + bootstrapNanos);
                return new TaskCostEstimate(e.hostCosts, e.sampleSize, executed, e.bootstrap, e.interval,
                        e.partialSeconds, e.bootstrapSeconds, e.interpolationSeconds);
            }
        }
    }

    private static TaskCostEstimate finish(Workload work, int[] positions, long[] measured, List<ErrorInterval> table,
                                           ErrorInterval chosen, boolean randomOrder, long seed, long t0, long t1, long t2) {
        long t3 = System.nanoTime();
        long[] all = positions.length == work.tasks() ? measured : LinearInterpolation.fill(positions, measured, work.tasks());
        if (randomOrder) {
            all = ControlSet.shuffled(all, seed);
        }
        long t4 = System.nanoTime();
        return new TaskCostEstimate(all, positions.length, positions.length, List.copyOf(table), chosen,
                (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t4 - t3) / 1e9);
    }
}
