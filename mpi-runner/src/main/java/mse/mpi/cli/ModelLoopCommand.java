package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.emulator.analytic.LoopModel;
import mse.emulator.analytic.LoopModelFit;
import mse.emulator.analytic.LoopRun;
import mse.emulator.analytic.LoopRunsCsv;
import mse.emulator.analytic.Topology;
import mse.emulator.report.Json;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `mse model loop`: seed 004 (004_30a04542370bf796.txt): latency l, transfer time per byte beta and time
 * per flop alpha estimated by least squares from measured runs (printed like its Table 1), then t_loop
 * predicted for other runs.
 */
@Command(name = "loop", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fit l, beta, alpha of the master/slave loop model by least squares and predict t_loop (seed 004).",
        footer = {"", "Example:", "  ./run.sh model loop --fit examples/loop-runs.csv --predict examples/loop-predict.csv --topology torus-3d"})
final class ModelLoopCommand implements Callable<Integer> {

    @Option(names = "--fit", paramLabel = "RUNS.CSV", required = true,
            description = "Measured runs: slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds.")
    Path runsFile;

    @Option(names = "--predict", paramLabel = "FILE", description = "Runs to predict (same columns; seconds optional). Default: the fitted runs.")
    Path predictFile;

    @Option(names = "--topology", paramLabel = "T", defaultValue = "hypercube",
            description = "hypercube (pi = 1/2 log2 ns) or torus-3d (pi = 3/4 ns^(1/3)) (default: ${DEFAULT-VALUE}).")
    String topologyName;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-model-loop).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Topology topology = switch (topologyName) {
            case "hypercube" -> Topology.HYPERCUBE;
            case "torus-3d" -> Topology.TORUS_3D;
            default -> throw new BadInputException("--topology: expected hypercube or torus-3d, got " + topologyName);
        };
        List<LoopRun> runs = BadInputException.check(() -> LoopRunsCsv.read(runsFile, true));
        List<LoopRun> targets = predictFile == null ? runs : BadInputException.check(() -> LoopRunsCsv.read(predictFile, false));
        LoopModelFit.Result fit = BadInputException.check(() -> LoopModelFit.fit(runs, topology, runsFile.toString()));
        LoopModel model = fit.model();
        Path dir = RunDirectory.create(out, "model-loop");
        System.out.printf("estimated from %d runs in %s, %s topology (seed 004 Table 1):%n", fit.runs(), runsFile, topologyName);
        System.out.printf("  %12s %14s %14s %14s %12s%n", "l us", "BW Mbyte/s", "beta us/8 B", "beta ns/B", "alpha ns");
        System.out.printf("  %12.3f %14.3f %14.4f %14.4f %12.4f%n", model.latencySeconds() * 1e6, model.bandwidthBytesPerSecond() / 1e6,
                model.betaSecondsPerByte() * 8e6, model.betaSecondsPerByte() * 1e9, model.alphaSecondsPerFlop() * 1e9);
        System.out.printf("  fit: rms %.6f s, mean relative error %.2f%%%n", fit.rmsSeconds(), 100 * fit.meanRelativeError());
        System.out.printf("%-5s %7s %14s %14s %14s%n", "run", "slaves", "t_loop s", "measured s", "error %");
        List<Prediction> predictions = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            LoopRun run = targets.get(i);
            double predicted = model.predictSeconds(run);
            boolean measured = !Double.isNaN(run.seconds());
            System.out.printf("%-5d %7d %14.6f %14s %14s%n", i + 1, run.slaves(), predicted,
                    measured ? String.format("%.6f", run.seconds()) : "-",
                    measured ? String.format("%.2f", 100 * (predicted - run.seconds()) / run.seconds()) : "-");
            predictions.add(new Prediction(run.slaves(), predicted, measured ? run.seconds() : null));
        }
        Json.write(dir.resolve("summary.json"), new Summary("model loop", runsFile.toString(), topologyName, model.latencySeconds(),
                model.betaSecondsPerByte(), model.alphaSecondsPerFlop(), model.bandwidthBytesPerSecond(), fit.rmsSeconds(),
                fit.meanRelativeError(), predictions));
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** model loop's summary.json: the fitted loop model (seed 004 Table 1), its fit, and a prediction per run. */
    record Summary(String command, String runs, String topology, double latencySeconds, double betaSecondsPerByte,
                   double alphaSecondsPerFlop, double bandwidthBytesPerSecond, double rmsSeconds, double meanRelativeError,
                   List<Prediction> predictions) {}

    /** One run's predicted loop time, and its measured one (null when the file gives none). */
    record Prediction(int slaves, double predictedSeconds, Double measuredSeconds) {}
}
