package mse.mpi.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.partial.TaskCostEstimate;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulationPlan;

/**
 * `mse bench predict`: (1) the simulator's throughput, simulated messages per second at P = 64 (median of
 * several runs after a warm-up, with the latency histograms predict records, and without); (2) the wall time
 * of one live `emulate` at np 8 divided by that of a whole `predict` sweep P = 2..64 (seed 000 section 4.1's
 * "faster than direct execution"). Wall time here is the benchmark's measure, never virtual time.
 */
final class PredictBenchmark {

    private PredictBenchmark() {
    }

    static void run(AppOptions app, TargetOptions target, int repeat, Path scratch) {
        TargetProfile profile = target.target();
        TaskCostEstimate estimate = TaskCostEstimate.sample(app.workload(), target.taskCost(), 1024, false, 1,
                mse.mpi.launch.RunProgress.NONE);
        FarmShape shape = FarmMessageSizes.of(app.workload()).staticMasters();
        LogGpsModel network = new LogGpsModel(profile.network(), 64);
        TargetCpu cpu = TargetCpu.of(profile.cpu());
        System.out.printf("%s: %d tasks, P = 64, target %s%n", app.describe(), estimate.hostCosts().length, profile.network().name());
        double withLatency = throughput(new FarmSimulator(network, cpu, shape, 1, true), estimate.hostCosts(), repeat);
        double withoutLatency = throughput(new FarmSimulator(network, cpu, shape, 1, false), estimate.hostCosts(), repeat);
        System.out.printf("  simulator: %.1f M messages/s with latency histograms (as predict), %.1f M/s without%n",
                withLatency / 1e6, withoutLatency / 1e6);

        long t0 = System.nanoTime();
        String[] predict = concat(new String[] {"predict", "--np", "2,4,8,16,32,64", "--out", scratch.resolve("predict").toString(),
                "--profile", target.profile, "--task-cost", target.taskCost().spec()}, app.toArgs().toArray(String[]::new));
        if (Mse.commandLine().execute(predict) != 0) {
            throw new IllegalStateException("bench: the predict sweep failed");
        }
        double predictWall = (System.nanoTime() - t0) / 1e9;
        double emulateWall = EmulatedLaunch.run(new EmulationPlan(app, 8, profile, target.taskCost(), false,
                Duration.ofMinutes(60), scratch.resolve("emulate"), 0)).wallSeconds();
        System.out.printf("  predict sweep P = 2..64: %.2f s wall; one live emulate at np 8: %.2f s wall%n", predictWall, emulateWall);
        System.out.printf("simulated-messages-per-second: %.0f%n", withLatency);
        System.out.printf("predict-speedup-vs-emulate: %.2f%n", emulateWall / predictWall);
    }

    private static double throughput(FarmSimulator simulator, long[] costs, int repeat) {
        simulator.run(costs); // warm-up: let the JIT compile the hot loop
        double[] rates = new double[Math.max(3, repeat)];
        for (int i = 0; i < rates.length; i++) {
            long t0 = System.nanoTime();
            SimulatedRun run = simulator.run(costs);
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
