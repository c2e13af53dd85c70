package mse.mpi.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.DynamicFarmSimulator;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.partial.TaskCostEstimate;
import mse.mpi.apps.strategy.Dynamic;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.options.TargetOptions;

/**
 * `mse bench predict`: (1) the simulators' throughput, simulated messages per second at P = 64 (median of
 * several runs after a warm-up): SI's FarmSimulator with the latency histograms predict records and without,
 * and DY's kernel replay with the run's DY options; (2) the wall time
 * of one live `emulate` at np 8 divided by that of a whole `predict` sweep P = 2..64 (seed 000 section 4.1's
 * "faster than direct execution"). Wall time here is the benchmark's measure, never virtual time.
 */
final class PredictBenchmark {

    private PredictBenchmark() {
    }

    static void run(Program app, TargetOptions target, int repeat, Path scratch) {
        TargetProfile profile = target.target();
        TaskCostEstimate estimate = TaskCostEstimate.sample(app.workload().create(), target.taskCost(), 1024, false, 1,
                mse.mpi.rank.RunProgress.NONE);
        FarmMessageSizes sizes = FarmMessageSizes.of(app.workload().create());
        FarmShape shape = sizes.staticMasters();
        NetworkModel network = NetworkModel.of(profile.network(), 64);
        TargetCpu cpu = TargetCpu.of(profile.cpu());
        System.out.printf("%s: %d tasks, P = 64, target %s%n", app.describe(), estimate.hostCosts().length, profile.network().name());
        FarmSimulator withHistograms = new FarmSimulator(network, cpu, shape, 1, true);
        FarmSimulator withoutHistograms = new FarmSimulator(network, cpu, shape, 1, false);
        double withLatency = throughput(() -> withHistograms.run(estimate.hostCosts()), repeat);
        double withoutLatency = throughput(() -> withoutHistograms.run(estimate.hostCosts()), repeat);
        System.out.printf("  simulator: %.1f M messages/s with latency histograms (as predict), %.1f M/s without%n",
                withLatency / 1e6, withoutLatency / 1e6);
        // DY's settings: those of --strategy dynamic, else its defaults
        DynamicSettings dy = app.strategy() instanceof Dynamic given ? given.settings() : DynamicSettings.defaults();
        double dynamic = throughput(() -> new DynamicFarmSimulator(network, cpu, sizes.dynamicMasters(), dy, 1, estimate.hostCosts())
                .run().run(), repeat);
        System.out.printf("  DY (event loop, --split-wait %d ns, --max-depth %d): %.3f M messages/s%n", dy.splitWaitNanos(),
                dy.maxDepth(), dynamic / 1e6);

        long t0 = System.nanoTime();
        String[] predict = concat(new String[] {"predict", "--np", "2,4,8,16,32,64", "--out", scratch.resolve("predict").toString(),
                "--profile", target.profile(), "--task-cost", target.taskCost().spec()}, RankArguments.of(app).toArray(String[]::new));
        if (Mse.commandLine().execute(predict) != 0) {
            throw new IllegalStateException("bench: the predict sweep failed");
        }
        double predictWall = (System.nanoTime() - t0) / 1e9;
        double emulateWall = EmulatedLaunch.run(new EmulationPlan(app, 8, profile, target.taskCost(), false,
                Duration.ofMinutes(60), scratch.resolve("emulate"), 0)).wallSeconds();
        System.out.printf("  predict sweep P = 2..64: %.2f s wall; one live emulate at np 8: %.2f s wall%n", predictWall, emulateWall);
        System.out.printf("simulated-messages-per-second: %.0f%n", withLatency);
        System.out.printf("dynamic-simulated-messages-per-second: %.0f%n", dynamic);
        System.out.printf("predict-speedup-vs-emulate: %.2f%n", emulateWall / predictWall);
    }

    /** Median simulated messages per wall second of one simulation, after a warm-up run for the JIT. */
    private static double throughput(java.util.function.Supplier<SimulatedRun> simulation, int repeat) {
        simulation.get();
        double[] rates = new double[Math.max(3, repeat)];
        for (int i = 0; i < rates.length; i++) {
            long t0 = System.nanoTime();
            SimulatedRun run = simulation.get();
            rates[i] = run.messages() / ((System.nanoTime() - t0) / 1e9);
        }
        Arrays.sort(rates);
        return rates[rates.length / 2];
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
