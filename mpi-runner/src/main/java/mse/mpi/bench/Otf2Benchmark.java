package mse.mpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * `mse bench otf2`: what the OTF2 archive costs on a 4,096-task run. The same predict point (MASE 64x64 at one point per
 * task, every task executed and simulated, np 8, --timeline full) is run in this JVM with --timeline-format chrome and
 * both, in turns after a warm-up of each, and the difference of the medians is the archive's cost: the event stream
 * written beside timeline.json and mse-otf2 turning it into the archive with libotf2. The files' sizes follow. Wall
 * time is the benchmark's measure, never virtual time.
 */
public final class Otf2Benchmark {

    static final List<String> POINT = List.of("predict", "--np", "8", "--image", "64x64", "--task-points", "1", "--max-iter", "256",
            "--sample", "all", "--task-cost", "per-iteration:10ns", "--timeline", "full", "--quiet");
    static final int TASKS = 64 * 64;

    private Otf2Benchmark() {
    }

    /** Runs `repeat` pairs of points through `mse` (the command line, in this JVM) under scratch and prints the figures. */
    public static void run(int repeat, Path scratch, Function<String[], Integer> mse) throws IOException {
        measure(repeat, scratch, mse).forEach(System.out::println);
    }

    /** The figures' lines, "name: value", after a line that says what was run. */
    public static List<String> measure(int repeat, Path scratch, Function<String[], Integer> mse) throws IOException {
        point(mse, scratch.resolve("warm-up-chrome"), "chrome");
        point(mse, scratch.resolve("warm-up-both"), "both");
        double[] chrome = new double[repeat];
        double[] both = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            // In turns: the machine's pace drifts over a bench, and a drift must not land on one side only.
            chrome[i] = point(mse, scratch.resolve("chrome-" + i), "chrome");
            both[i] = point(mse, scratch.resolve("both-" + i), "both");
        }
        Path dir = scratch.resolve("both-0").resolve("np-8");
        double chromeMedian = Medians.of(chrome);
        double bothMedian = Medians.of(both);
        return List.of(String.format("predict of %,d tasks at np 8, --timeline full; median of %d runs each, in turns", TASKS, repeat),
                String.format("otf2-chrome-wall-seconds: %.3f", chromeMedian),
                String.format("otf2-both-wall-seconds: %.3f", bothMedian),
                String.format("otf2-writer-seconds: %.3f", bothMedian - chromeMedian),
                "otf2-timeline-json-bytes: " + Files.size(dir.resolve("timeline.json")),
                "otf2-archive-bytes: " + bytes(dir.resolve("otf2")));
    }

    /** One predict point's wall seconds with the given --timeline-format. */
    private static double point(Function<String[], Integer> mse, Path out, String format) {
        List<String> args = new ArrayList<>(POINT);
        args.addAll(List.of("--timeline-format", format, "--out", out.toString()));
        long started = System.nanoTime();
        int exit = mse.apply(args.toArray(String[]::new));
        double seconds = (System.nanoTime() - started) / 1e9;
        if (exit != 0) {
            throw new IllegalStateException("predict failed (exit " + exit + "): " + String.join(" ", args));
        }
        return seconds;
    }

    private static long bytes(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
