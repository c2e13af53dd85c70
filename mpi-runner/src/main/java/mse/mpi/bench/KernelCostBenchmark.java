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
    /** Timed replays per P (after one untimed, which compiles the kernel at that P's shape); the median counts. */
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
            double perTask = perTaskMicros(np, costs, false);
            double analysed = perTaskMicros(np, costs, true);
            System.out.printf("%6d %14.2f %16.2f%n", np, perTask, analysed);
            lines.add(String.format("scale-kernel-np%d-cpu-us-per-task: %.2f", np, perTask));
            lines.add(String.format("scale-kernel-np%d-analysed-cpu-us-per-task: %.2f", np, analysed));
        }
        return lines;
    }

    /** The median replay's CPU per task, with the live keeper's wait-state and critical-path analysis or without. */
    private static double perTaskMicros(int np, long[] costs, boolean analysed) {
        replayCpuNanos(np, costs, analysed);
        double[] runs = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            runs[r] = replayCpuNanos(np, costs, analysed);
        }
        return Medians.of(runs) / 1e3 / TASKS;
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
