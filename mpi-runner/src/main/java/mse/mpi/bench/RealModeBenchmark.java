package mse.mpi.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;
import mse.emulator.report.Json;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.rank.EmulationSummary;

/**
 * `mse bench real-mode`: how well `--task-cost real` measures the program rather than the host,
 * each figure the median of --repeat runs of `emulate` at np 8 over mpirun:
 * the master's charged compute per task; live prediction against `predict --trace` of its own tasks.csv; how
 * far two CPU burners on the host move a prediction; and `validate --np 2`'s error against the measured run.
 * Every figure compares virtual times (or a measured run's wall time, for validate), printed as machine-readable
 * lines at the end.
 */
public final class RealModeBenchmark {

    private static final int NP = 8;

    private RealModeBenchmark() {
    }

    @SuppressWarnings("try") // the burners only need to run while the block does
    public static void run(Program app, int repeat, Path scratch, ToIntFunction<String[]> command) {
        String[] workload = RankArguments.of(app).toArray(String[]::new);
        double[] masterMicros = new double[repeat];
        double[] traceDiff = new double[repeat];
        double[] predicted = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            Path live = scratch.resolve("live-" + i);
            EmulationSummary s = emulate(command, workload, live);
            predicted[i] = s.predictedSeconds();
            masterMicros[i] = 1e6 * s.breakdown().master().computeSeconds() / s.header().tasks();
            double replayed = cli(command, concat(new String[] {"predict", "--np", Integer.toString(NP), "--trace",
                    live.resolve("tasks.csv").toString(), "--out", scratch.resolve("replay-" + i).toString()}, workload),
                    FirstPoint.class).points().get(0).predictedSeconds();
            traceDiff[i] = 100 * (replayed - predicted[i]) / predicted[i];
            System.out.printf("  run %d: predicted %.6f s, master compute %.2f us/task, predict --trace %.6f s (%+.2f%%)%n",
                    i + 1, predicted[i], masterMicros[i], replayed, traceDiff[i]);
        }
        double[] burned = new double[repeat];
        try (CpuBurners burners = new CpuBurners(2)) {
            for (int i = 0; i < repeat; i++) {
                burned[i] = emulate(command, workload, scratch.resolve("burners-" + i)).predictedSeconds();
                System.out.printf("  run %d with 2 CPU burners: predicted %.6f s%n", i + 1, burned[i]);
            }
        }
        double[] validate = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            validate[i] = cli(command, concat(new String[] {"validate", "--np", "2", "--out", scratch.resolve("validate-" + i).toString()}, workload),
                    FirstPoint.class).points().get(0).errorPercent();
            System.out.printf("  validate --np 2 run %d: %+.2f%%%n", i + 1, validate[i]);
        }
        System.out.printf("master-compute-us-per-task: %.3f%n", Medians.of(masterMicros));
        System.out.printf("live-vs-trace-percent: %.3f%n", Medians.of(traceDiff));
        System.out.printf("burners-move-percent: %.3f%n", 100 * (Medians.of(burned) - Medians.of(predicted)) / Medians.of(predicted));
        System.out.printf("validate-np2-error-percent: %.3f%n", Medians.of(validate));
    }

    /** What the benchmark reads of predict's and validate's summary.json: their first point's figures. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record FirstPoint(List<Figures> points) {

        @JsonIgnoreProperties(ignoreUnknown = true)
        private record Figures(Double predictedSeconds, Double errorPercent) {}
    }

    private static EmulationSummary emulate(ToIntFunction<String[]> command, String[] workload, Path out) {
        return cli(command, concat(new String[] {"emulate", "--np", Integer.toString(NP), "--task-cost", "real", "--quiet",
                "--out", out.toString()}, workload), EmulationSummary.class);
    }

    /** Runs the command and reads the summary.json it wrote as `type`. */
    private static <T> T cli(ToIntFunction<String[]> command, String[] argv, Class<T> type) {
        if (command.applyAsInt(argv) != 0) {
            throw new IllegalStateException("bench real-mode: failed: " + String.join(" ", argv));
        }
        try {
            return Json.read(Path.of(argv[Arrays.asList(argv).indexOf("--out") + 1]).resolve("summary.json"), type);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String[] concat(String[] a, String[] b) {
        List<String> all = new ArrayList<>(Arrays.asList(a));
        all.addAll(Arrays.asList(b));
        return all.toArray(String[]::new);
    }


    /** Threads that keep host cores busy (host load, as another user's jobs): spinning is their purpose. */
    private static final class CpuBurners implements AutoCloseable {
        private volatile boolean running = true;
        private final List<Thread> threads = new ArrayList<>();

        CpuBurners(int count) {
            for (int i = 0; i < count; i++) {
                Thread t = new Thread(this::burn, "cpu-burner-" + i);
                t.setDaemon(true);
                t.start();
                threads.add(t);
            }
        }

        private void burn() {
            double x = 1;
            while (running) {
                x = x * 1.0000001 + 1e-9;
            }
            if (x == 0) {
                System.out.print("");
            }
        }

        @Override
        public void close() {
            running = false;
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
