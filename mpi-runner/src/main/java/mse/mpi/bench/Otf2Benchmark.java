package mse.mpi.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import mse.emulator.report.Json;

/**
 * `mse bench otf2`: what the OTF2 archive costs on a 4,096-task run. The same predict point (MASE 64x64 at one point per
 * task, every task executed and simulated, np 8, --timeline full) is run in this JVM with --timeline-format chrome and
 * both, in turns after a warm-up of each, and the difference of the medians is the archive's cost: the event stream
 * written beside timeline.json and mse-otf2 turning it into the archive with libotf2. The files' sizes follow. Then the
 * same 4,096 tasks emulated (--local, ranks as threads of this JVM), where the ranks also report each MPI call they
 * enter and leave for the archive: the difference holds those reports and the archive's writing, and both formats must
 * predict the same double. Wall time is the benchmark's measure, never virtual time.
 */
public final class Otf2Benchmark {

    static final List<String> POINT = List.of("predict", "--np", "8", "--image", "64x64", "--task-points", "1", "--max-iter", "256",
            "--sample", "all", "--task-cost", "per-iteration:10ns", "--timeline", "full", "--quiet");
    static final List<String> EMULATED = List.of("emulate", "--np", "8", "--local", "--image", "64x64", "--task-points", "1", "--max-iter",
            "256", "--task-cost", "per-iteration:10ns", "--timeline", "full", "--quiet");
    static final int TASKS = 64 * 64;

    private Otf2Benchmark() {
    }

    /** Runs `repeat` pairs of points through `mse` (the command line, in this JVM) under scratch and prints the figures. */
    public static void run(int repeat, Path scratch, Function<String[], Integer> mse) throws IOException {
        measure(repeat, scratch, mse).forEach(System.out::println);
    }

    /** The figures' lines, "name: value", after a line that says what was run. */
    public static List<String> measure(int repeat, Path scratch, Function<String[], Integer> mse) throws IOException {
        double[][] predicted = inTurns(repeat, scratch.resolve("predict"), mse, POINT);
        Path dir = scratch.resolve("predict").resolve("both-0").resolve("np-8");
        double chromeMedian = Medians.of(predicted[0]);
        double bothMedian = Medians.of(predicted[1]);
        double[][] emulated = inTurns(repeat, scratch.resolve("emulate"), mse, EMULATED);
        Path emulatedDir = scratch.resolve("emulate").resolve("both-0");
        double emulatedChrome = Medians.of(emulated[0]);
        double emulatedBoth = Medians.of(emulated[1]);
        double withoutCalls = predictedSeconds(scratch.resolve("emulate").resolve("chrome-0"));
        double withCalls = predictedSeconds(emulatedDir);
        if (withoutCalls != withCalls) {
            throw new IllegalStateException("reporting the calls moved the prediction: " + withoutCalls + " s without, " + withCalls + " s with");
        }
        return List.of(String.format("predict of %,d tasks at np 8, --timeline full; median of %d runs each, in turns", TASKS, repeat),
                String.format("otf2-chrome-wall-seconds: %.3f", chromeMedian),
                String.format("otf2-both-wall-seconds: %.3f", bothMedian),
                String.format("otf2-writer-seconds: %.3f", bothMedian - chromeMedian),
                "otf2-timeline-json-bytes: " + Files.size(dir.resolve("timeline.json")),
                "otf2-archive-bytes: " + bytes(dir.resolve("otf2")),
                String.format("emulate --local of the same %,d tasks at np 8, its ranks reporting their calls in format both (predicted %.9f s "
                        + "in both formats); median of %d runs each, in turns", TASKS, withCalls, repeat),
                String.format("otf2-emulate-chrome-wall-seconds: %.3f", emulatedChrome),
                String.format("otf2-emulate-both-wall-seconds: %.3f", emulatedBoth),
                String.format("otf2-emulate-calls-and-writer-seconds: %.3f", emulatedBoth - emulatedChrome),
                "otf2-emulate-timeline-json-bytes: " + Files.size(emulatedDir.resolve("timeline.json")),
                "otf2-emulate-archive-bytes: " + bytes(emulatedDir.resolve("otf2")));
    }

    /** The wall seconds of `command` in format chrome ([0]) and both ([1]), `repeat` of each in turns after a warm-up of each. */
    private static double[][] inTurns(int repeat, Path scratch, Function<String[], Integer> mse, List<String> command) {
        point(mse, command, scratch.resolve("warm-up-chrome"), "chrome");
        point(mse, command, scratch.resolve("warm-up-both"), "both");
        double[][] seconds = new double[2][repeat];
        for (int i = 0; i < repeat; i++) {
            // In turns: the machine's pace drifts over a bench, and a drift must not land on one side only.
            seconds[0][i] = point(mse, command, scratch.resolve("chrome-" + i), "chrome");
            seconds[1][i] = point(mse, command, scratch.resolve("both-" + i), "both");
        }
        return seconds;
    }

    /** What the benchmark reads of an emulated run's summary.json. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Predicted(double predictedSeconds) {}

    private static double predictedSeconds(Path run) throws IOException {
        return Json.read(run.resolve("summary.json"), Predicted.class).predictedSeconds();
    }

    /** One run's wall seconds with the given --timeline-format. */
    private static double point(Function<String[], Integer> mse, List<String> command, Path out, String format) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--timeline-format", format, "--out", out.toString()));
        long started = System.nanoTime();
        int exit = mse.apply(args.toArray(String[]::new));
        double seconds = (System.nanoTime() - started) / 1e9;
        if (exit != 0) {
            throw new IllegalStateException(args.get(0) + " failed (exit " + exit + "): " + String.join(" ", args));
        }
        return seconds;
    }

    private static long bytes(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
