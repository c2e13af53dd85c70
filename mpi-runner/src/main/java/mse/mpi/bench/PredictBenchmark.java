package mse.mpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.DynamicFarmSimulator;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.Program;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.sampled.TaskCostEstimate;
import mse.mpi.apps.strategy.Dynamic;
import mse.mpi.comm.JitQueue;
import mse.mpi.options.TargetOptions;

/**
 * `mse bench predict`: (1) the simulators' throughput, simulated messages per second at P = 64 (median
 * of several runs once the JIT is done with the simulation, in this JVM: {@link #throughput}): SI's and ML's
 * FarmSimulator with the latency histograms predict records, and DY's event loop with the run's DY options, each
 * analysed as predict runs it (wait states and the critical path) and then without that analysis; (2)
 * unless only the simulators are asked for, fresh `./run.sh` processes as a user starts them, median of 5 after one
 * run that writes the class archive: the default 6-P predict sweep (wall and peak memory), a sweep that executes and
 * simulates all 65,536 tasks, the floors under them (predict's command line alone, and that sweep without its
 * timeline), and `emulate --np 8` with default options (real mode), whose wall time over that sweep's is predict's speed-up (seed 000 section 4.1's "faster than direct execution"). Wall time here is the
 * benchmark's measure, never virtual time.
 */
public final class PredictBenchmark {

    static final List<String> DEFAULT_SWEEP = List.of("predict", "--np", "2,4,8,16,32,64");
    static final List<String> ALL_TASKS = List.of("predict", "--np", "2,8,32,64", "--sample", "all", "--task-cost", "per-iteration:20us",
            "--max-iter", "256");
    static final List<String> EMULATE = List.of("emulate", "--np", "8");
    /**
     * The floors under the two sweeps on this machine: predict's JVM, run.sh and command line alone (`--help` after the
     * same parsing), and the 65,536-task sweep without its timeline (the report's charts stay: the issue keeps them).
     */
    static final List<String> COMMAND_LINE = List.of("predict", "--help");
    static final List<String> ALL_TASKS_NO_TIMELINE = Stream.concat(ALL_TASKS.stream(), Stream.of("--timeline", "off")).toList();
    private static final int FRESH_RUNS = 5;
    /** Timed runs of each simulator at least (a DY run of P = 64 is some 30 ms). */
    private static final int TIMED_RUNS = 10;
    /** A simulation is warm once this many runs in a row cost within {@link #STABLE} of the run before, the JIT idle. */
    private static final int STABLE_RUNS = 3;
    private static final double STABLE = 0.03;
    /** Warm-up: at least this long (C2 compiles a DY run's loop within about 1 s of runs), at most the budget. */
    private static final long WARM_UP_MIN_NANOS = 2_000_000_000L;
    private static final long WARM_UP_BUDGET_NANOS = 30_000_000_000L;

    private PredictBenchmark() {
    }

    /** Both parts, or with `simulatorsOnly` the simulators' throughput alone (no fresh processes, seconds instead of minutes). */
    public static void run(Program app, TargetOptions target, int repeat, boolean simulatorsOnly, Path scratch)
            throws IOException, InterruptedException {
        TargetProfile profile = target.target();
        TaskCostEstimate estimate = TaskCostEstimate.sample(app.workload().create(), target.taskCost(), 1024, false, 1,
                mse.mpi.rank.RunProgress.NONE);
        FarmMessageSizes sizes = FarmMessageSizes.of(app.workload().create());
        FarmShape shape = sizes.staticMasters();
        NetworkModel network = NetworkModel.of(profile.network(), 64);
        TargetCpu cpu = TargetCpu.of(profile.cpu());
        System.out.printf("%s: %d tasks, P = 64, target %s%n", app.describe(), estimate.hostCosts().length, profile.network().name());
        DynamicSettings dy = app.strategy() instanceof Dynamic given ? given.settings() : DynamicSettings.defaults();
        String dyName = String.format("DY, --split-wait %d ns, --max-depth %d", dy.splitWaitNanos(), dy.maxDepth());
        // as predict runs them: analysed (wait states and the critical path); then without, what the analysis costs
        double[] analysed = {
            throughput("SI, latency histograms on, analysed (as predict)", () -> new FarmSimulator(network, cpu, shape, 1, true)
                    .analysed().run(estimate.hostCosts()), repeat),
            throughput("ML, 4 masters, histograms on, analysed", () -> new FarmSimulator(network, cpu, shape, 4, true)
                    .analysed().run(estimate.hostCosts()), repeat),
            throughput(dyName + ", analysed", () -> new DynamicFarmSimulator(network, cpu, sizes.dynamicMasters(), dy, 1,
                    estimate.hostCosts()).analysed().run().run(), repeat)};
        double[] bare = {
            throughput("SI, histograms on, not analysed", () -> new FarmSimulator(network, cpu, shape, 1, true)
                    .run(estimate.hostCosts()), repeat),
            throughput("ML, 4 masters, not analysed", () -> new FarmSimulator(network, cpu, shape, 4, true)
                    .run(estimate.hostCosts()), repeat),
            throughput(dyName + ", not analysed", () -> new DynamicFarmSimulator(network, cpu, sizes.dynamicMasters(), dy, 1,
                    estimate.hostCosts()).run().run(), repeat)};
        if (simulatorsOnly) {
            printSimulators(analysed, bare);
            return;
        }

        Path root = FreshProcess.root();
        System.out.printf("fresh processes in %s, median of %d after one that writes the class archive:%n", root, FRESH_RUNS);
        FreshProcess.Measured sweep = fresh(root, DEFAULT_SWEEP, FRESH_RUNS, scratch.resolve("sweep"));
        FreshProcess.Measured allTasks = fresh(root, ALL_TASKS, FRESH_RUNS, scratch.resolve("all-tasks"));
        FreshProcess.Measured commandLine = fresh(root, COMMAND_LINE, FRESH_RUNS, scratch.resolve("command-line"));
        FreshProcess.Measured noTimeline = fresh(root, ALL_TASKS_NO_TIMELINE, FRESH_RUNS, scratch.resolve("all-tasks-no-timeline"));
        FreshProcess.Measured emulate = fresh(root, EMULATE, Math.max(1, repeat), scratch.resolve("emulate"));
        System.out.printf("predict-sweep-wall-seconds: %.3f%n", sweep.wallSeconds());
        System.out.printf("predict-sweep-cpu-seconds: %.3f%n", sweep.cpuSeconds());
        System.out.printf("predict-sweep-peak-rss-mb: %.0f%n", sweep.peakRssBytes() / 1e6);
        System.out.printf("predict-all-tasks-wall-seconds: %.3f%n", allTasks.wallSeconds());
        System.out.printf("predict-all-tasks-cpu-seconds: %.3f%n", allTasks.cpuSeconds());
        System.out.printf("predict-all-tasks-peak-rss-mb: %.0f%n", allTasks.peakRssBytes() / 1e6);
        System.out.printf("predict-command-line-floor-wall-seconds: %.3f%n", commandLine.wallSeconds());
        System.out.printf("predict-all-tasks-no-timeline-wall-seconds: %.3f%n", noTimeline.wallSeconds());
        System.out.printf("emulate-np8-wall-seconds: %.3f%n", emulate.wallSeconds());
        System.out.printf("emulate-np8-cpu-seconds: %.3f%n", emulate.cpuSeconds());
        printSimulators(analysed, bare);
        System.out.printf("predict-speedup-vs-emulate: %.2f%n", emulate.wallSeconds() / allTasks.wallSeconds());
        System.out.printf("predict-cpu-speedup-vs-emulate: %.2f%n", emulate.cpuSeconds() / allTasks.cpuSeconds());
    }

    /** SI, ML and DY as predict runs them (analysed), then without the analysis. */
    private static void printSimulators(double[] analysed, double[] bare) {
        System.out.printf("simulated-messages-per-second: %.0f%n", analysed[0]);
        System.out.printf("multi-simulated-messages-per-second: %.0f%n", analysed[1]);
        System.out.printf("dynamic-simulated-messages-per-second: %.0f%n", analysed[2]);
        System.out.printf("simulated-messages-per-second-without-analysis: %.0f%n", bare[0]);
        System.out.printf("multi-simulated-messages-per-second-without-analysis: %.0f%n", bare[1]);
        System.out.printf("dynamic-simulated-messages-per-second-without-analysis: %.0f%n", bare[2]);
    }

    /** `./run.sh args` once untimed (it writes the subcommand's class archive), then `runs` times: the medians, each run printed. */
    private static FreshProcess.Measured fresh(Path root, List<String> args, int runs, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        FreshProcess.run(root, withOut(args, dir.resolve("first")), dir.resolve("first.log"));
        double[] walls = new double[runs];
        double[] peaks = new double[runs];
        double[] cpus = new double[runs];
        for (int i = 0; i < runs; i++) {
            FreshProcess.Measured m = FreshProcess.run(root, withOut(args, dir.resolve("run-" + i)), dir.resolve("run-" + i + ".log"));
            walls[i] = m.wallSeconds();
            peaks[i] = m.peakRssBytes();
            cpus[i] = m.cpuSeconds();
        }
        FreshProcess.Measured median = new FreshProcess.Measured(Medians.of(walls), (long) Medians.of(peaks),
                Medians.of(cpus));
        System.out.printf("  ./run.sh %s: %.3f s wall, %.3f s CPU, %.0f MB peak (runs: %s s wall; %s s CPU; %s MB)%n", String.join(" ", args),
                median.wallSeconds(), median.cpuSeconds(), median.peakRssBytes() / 1e6, joined(walls, "%.3f", 1), joined(cpus, "%.3f", 1),
                joined(peaks, "%.0f", 1e6));
        return median;
    }

    private static String joined(double[] values, String format, double unit) {
        return String.join(", ", Arrays.stream(values).mapToObj(v -> String.format(format, v / unit)).toList());
    }

    private static List<String> withOut(List<String> args, Path out) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--out", out.toString(), "--quiet"));
        return all;
    }

    /**
     * Median simulated messages per second of one simulation in its steady state, as JMH would time it: per wall second
     * (what the goals count) and, printed beside it, per second of this thread's CPU, which a shared machine inflates
     * less. Warm-up runs come first until {@link #STABLE_RUNS} runs in a row cost (in this thread's CPU) within
     * {@link #STABLE} of the run before while nothing compiles ({@link JitQueue}), and for at least
     * {@link #WARM_UP_MIN_NANOS}: a DY run of P = 64 is short, and a few warm-up runs used to leave the timed ones in
     * C1's code and C2's compilations, well below the compiled loop's rate. The warm-up's
     * runs and time are printed; a warm-up that ends by its budget says so.
     */
    private static double throughput(String name, java.util.function.Supplier<SimulatedRun> simulation, int repeat) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long warmUpStart = System.nanoTime();
        int warmUpRuns = 0;
        int stableRuns = 0;
        long previous = Long.MAX_VALUE;
        boolean warm = false;
        while (System.nanoTime() - warmUpStart < WARM_UP_BUDGET_NANOS) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            simulation.get();
            long cost = threads.getCurrentThreadCpuTime() - cpu0;
            warmUpRuns++;
            boolean same = Math.abs(cost - previous) <= STABLE * previous;
            previous = cost;
            stableRuns = same && JitQueue.idle() ? stableRuns + 1 : 0;
            if (stableRuns >= STABLE_RUNS && System.nanoTime() - warmUpStart >= WARM_UP_MIN_NANOS) {
                warm = true;
                break;
            }
        }
        double warmUpSeconds = (System.nanoTime() - warmUpStart) / 1e9;
        double[] rates = new double[Math.max(TIMED_RUNS, repeat)];
        double[] cpuRates = new double[rates.length];
        for (int i = 0; i < rates.length; i++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            SimulatedRun run = simulation.get();
            rates[i] = run.messages() / ((System.nanoTime() - t0) / 1e9);
            cpuRates[i] = run.messages() / ((threads.getCurrentThreadCpuTime() - cpu0) / 1e9);
        }
        System.out.printf("  %s: %.2f M messages/s (wall), %.2f M/s per CPU second (median of %d after a warm-up of %d runs, %.1f s%s)%n",
                name, Medians.of(rates) / 1e6, Medians.of(cpuRates) / 1e6, rates.length, warmUpRuns, warmUpSeconds,
                warm ? "" : ", ended by its budget before the runs were stable");
        return Medians.of(rates);
    }
}
