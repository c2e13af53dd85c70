package mse.mpi.apps.sampled;

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
 * Every task's estimated host cost from partial execution (seed 000 (000_779708a527b9c658.txt) Fig. 6), and its
 * master's on its result (measured in real mode, interpolated the same way; 0 in a deterministic one), with what it took: the sample size n, how many tasks really ran, the bootstrap's I_e rows (Table 2) and the time
 * of each phase (Table 1; wall time of this tool, never virtual time).
 */
public record TaskCostEstimate(long[] hostCosts, long[] masterCosts, int sampleSize, int executed, List<ErrorInterval> bootstrap,
                               ErrorInterval interval, double partialSeconds, double bootstrapSeconds,
                               double interpolationSeconds) {

    /** n tasks spread over the assignment order (n >= N: all of them, nothing interpolated). */
    public static TaskCostEstimate sample(Workload work, TaskCost cost, int n, boolean randomOrder, long seed, RunProgress progress) {
        long t0 = System.nanoTime();
        int[] positions = SamplePlan.evenlySpaced(n, work.tasks());
        PartialExecution.Costs measured = new PartialExecution(work, cost, progress).measure(positions);
        long t1 = System.nanoTime();
        Bootstrap bootstrap = Bootstrap.paper(seed);
        List<ErrorInterval> table = bootstrap.table(measured.tasks());
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
            PartialExecution.Costs measured = partial.measure(positions);
            executed += positions.length;
            long t1 = System.nanoTime();
            ErrorInterval row = bootstrap.interval(measured.tasks(), positions.length);
            rows.add(row);
            long t2 = System.nanoTime();
            partialNanos += t1 - t0;
            bootstrapNanos += t2 - t1;
            if (row.within(percent) || positions.length >= work.tasks()) {
                TaskCostEstimate e = finish(work, positions, measured, rows, row, randomOrder, seed, 0, partialNanos,
                        partialNanos + bootstrapNanos);
                return new TaskCostEstimate(e.hostCosts, e.masterCosts, e.sampleSize, executed, e.bootstrap, e.interval,
                        e.partialSeconds, e.bootstrapSeconds, e.interpolationSeconds);
            }
        }
    }

    private static TaskCostEstimate finish(Workload work, int[] positions, PartialExecution.Costs measured, List<ErrorInterval> table,
                                           ErrorInterval chosen, boolean randomOrder, long seed, long t0, long t1, long t2) {
        long t3 = System.nanoTime();
        long[] all = everyTask(work, positions, measured.tasks(), randomOrder, seed);
        long[] masters = everyTask(work, positions, measured.masters(), randomOrder, seed);
        long t4 = System.nanoTime();
        return new TaskCostEstimate(all, masters, positions.length, positions.length, List.copyOf(table), chosen,
                (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t4 - t3) / 1e9);
    }

    /** Sampled costs interpolated to every task in assignment order, shuffled as S_R wants (the same seed: the same order). */
    private static long[] everyTask(Workload work, int[] positions, long[] sampled, boolean randomOrder, long seed) {
        long[] all = positions.length == work.tasks() ? sampled : LinearInterpolation.fill(positions, sampled, work.tasks());
        return randomOrder ? ControlSet.shuffled(all, seed) : all;
    }
}
