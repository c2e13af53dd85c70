package mse.mpi.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.analysis.RunAnalysis;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.KernelFarmReplay;

/**
 * The virtual-time kernel's own cost per task as P grows: the farm of `bench scale` (65,536 one-point
 * tasks) replayed through the live kernel, with the keeper's questions beside the facts
 * ({@link KernelFarmReplay#askingAsTheKeeper}), no sockets, no ranks. The CPU of this one thread per task is what the
 * keeper's thread pays for the grant rule at that P, apart from the messages' way in and out; a second column adds the
 * keeper's analysis (wait states and the critical path), which every live run has.
 */
final class KernelCostBenchmark {

    private static final int TASKS = 65_536;
    /** Timed replays per P and kind (after one untimed of each, which compiles the kernel at that P's shape); the median counts. */
    private static final int RUNS = 5;

    private KernelCostBenchmark() {
    }

    /** Prints a row per P and returns the machine-readable lines. */
    static List<String> run(List<Integer> nps) {
        System.out.printf("the kernel alone: the same farm of %,d tasks replayed through it, CPU of this thread, median of %d%n",
                TASKS, RUNS);
        System.out.printf("%6s %14s %16s%n", "P", "kernel us/task", "analysed us/task");
        long[] costs = new long[TASKS];
        Arrays.fill(costs, 10_000);
        List<String> lines = new ArrayList<>();
        for (int np : nps) {
            // one untimed replay of each first, then the two in turns, so that neither gets the JIT's later work alone
            replayCpuNanos(np, costs, false);
            replayCpuNanos(np, costs, true);
            double[] alone = new double[RUNS];
            double[] analysed = new double[RUNS];
            for (int r = 0; r < RUNS; r++) {
                alone[r] = replayCpuNanos(np, costs, false);
                analysed[r] = replayCpuNanos(np, costs, true);
            }
            double perTask = Medians.of(alone) / 1e3 / TASKS;
            double analysedPerTask = Medians.of(analysed) / 1e3 / TASKS;
            System.out.printf("%6d %14.2f %16.2f%n", np, perTask, analysedPerTask);
            lines.add(String.format("scale-kernel-np%d-cpu-us-per-task: %.2f", np, perTask));
            lines.add(String.format("scale-kernel-np%d-analysed-cpu-us-per-task: %.2f", np, analysedPerTask));
        }
        return lines;
    }

    private static long replayCpuNanos(int np, long[] costs, boolean analysed) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        NetworkModel network = NetworkModel.of(ProfileLoader.load("mpich-fast-ethernet").network(), np);
        KernelObserver observer = analysed ? new RunAnalysis(network, List.of(0)) : KernelObserver.NONE;
        KernelFarmReplay replay = new KernelFarmReplay(network, new TargetCpu(1.0), FarmShape.uniform(16, 24), 1, costs,
                observer).askingAsTheKeeper();
        long start = threads.getCurrentThreadCpuTime();
        replay.run();
        return threads.getCurrentThreadCpuTime() - start;
    }
}
