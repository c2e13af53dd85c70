package mse.mpi.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mse.emulator.report.Json;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.rank.EmulationSummary;

/**
 * `mse bench scale`: what the live emulator costs per task as P grows, the same work at every P. First the
 * kernel alone ({@link KernelCostBenchmark}); then for each P `emulate --local` (ranks as threads of one JVM), in
 * deterministic and in real mode unless one task cost is given, and `emulate` under mpirun, each a fresh `./run.sh` process:
 * summary.json's wallSeconds per task, the CPU that process and its descendants (mpirun, the ranks) used per task, and the checksum, which must
 * be the same at every P. The wall figure is what a user waits; the CPU figure says how much of it was work, which on
 * a shared machine is the steadier of the two. Ends with machine-readable lines, the ratio of the largest P's wall
 * per task to the smallest's among them.
 */
public final class ScaleBenchmark {

    private ScaleBenchmark() {
    }

    /** One run's figures. */
    private record Figures(double wallSeconds, double cpuSeconds, int tasks, String checksum) {

        double wallMicrosPerTask() {
            return 1e6 * wallSeconds / tasks;
        }

        double cpuMicrosPerTask() {
            return 1e6 * cpuSeconds / tasks;
        }
    }

    /**
     * The kernel alone at `localNps`, then for each of `taskCosts` the --local series (repeated `repeat` times per P,
     * the median counts), then the mpirun series with the first task cost (`mpirunRepeat` runs per P).
     */
    public static void run(Program local, List<Integer> localNps, Program mpirun, List<Integer> mpirunNps, List<String> taskCosts,
                    int repeat, int mpirunRepeat, Path scratch) {
        List<String> lines = new ArrayList<>();
        if (!localNps.isEmpty()) {
            lines.addAll(KernelCostBenchmark.run(localNps));
        }
        String checksum = null;
        for (String taskCost : localNps.isEmpty() ? List.<String>of() : taskCosts) {
            System.out.printf("emulate --local --task-cost %s --timeline off, %s; median of %d run(s) per P%n", taskCost,
                    local.describe(), repeat);
            checksum = series(seriesName("local", taskCost, taskCosts), local, localNps, List.of("--local"), taskCost, repeat,
                    scratch, lines, checksum);
        }
        if (!mpirunNps.isEmpty()) {
            System.out.printf("emulate under mpirun --task-cost %s --timeline off, %s; median of %d run(s) per P%n", taskCosts.get(0),
                    mpirun.describe(), mpirunRepeat);
            series("mpirun", mpirun, mpirunNps, List.of(), taskCosts.get(0), mpirunRepeat, scratch, lines,
                    local.describe().equals(mpirun.describe()) ? checksum : null);
        }
        lines.forEach(System.out::println);
    }

    /** "local" for the first task cost (the deterministic one by default), "local-real" for real mode after it. */
    private static String seriesName(String base, String taskCost, List<String> taskCosts) {
        return taskCost.equals(taskCosts.get(0)) ? base : base + "-" + taskCost.replaceAll("[^a-z0-9]+", "-");
    }

    /** Runs the series, prints a row per P and adds its lines; the checksum all its runs agreed on. */
    private static String series(String name, Program program, List<Integer> nps, List<String> launch, String taskCost,
                                 int repeat, Path scratch, List<String> lines, String expectedChecksum) {
        System.out.printf("%6s %10s %14s %10s %14s%n", "P", "wall s", "wall us/task", "CPU s", "CPU us/task");
        String checksum = expectedChecksum;
        double[] wallPerTask = new double[nps.size()];
        for (int i = 0; i < nps.size(); i++) {
            int np = nps.get(i);
            Figures[] runs = new Figures[repeat];
            for (int r = 0; r < repeat; r++) {
                runs[r] = emulate(program, np, launch, taskCost, scratch.resolve(name + "-np" + np + "-" + r));
                if (checksum != null && !checksum.equals(runs[r].checksum())) {
                    throw new IllegalStateException("bench scale: " + name + " np " + np + " computed checksum "
                            + runs[r].checksum() + ", other runs " + checksum);
                }
                checksum = runs[r].checksum();
            }
            double wall = Medians.of(Arrays.stream(runs).mapToDouble(Figures::wallSeconds).toArray());
            double cpu = Medians.of(Arrays.stream(runs).mapToDouble(Figures::cpuSeconds).toArray());
            int tasks = runs[0].tasks();
            wallPerTask[i] = 1e6 * wall / tasks;
            System.out.printf("%6d %10.2f %14.1f %10.2f %14.1f%n", np, wall, wallPerTask[i], cpu, 1e6 * cpu / tasks);
            if (repeat > 1) {
                System.out.printf("       runs in order: wall %s us/task%n", String.join(", ",
                        Arrays.stream(runs).map(f -> String.format("%.1f", f.wallMicrosPerTask())).toList()));
            }
            lines.add(String.format("scale-%s-np%d-wall-us-per-task: %.1f", name, np, wallPerTask[i]));
            lines.add(String.format("scale-%s-np%d-cpu-us-per-task: %.1f", name, np, 1e6 * cpu / tasks));
        }
        if (nps.size() > 1) {
            int last = nps.size() - 1;
            lines.add(String.format("scale-%s-ratio-np%d-to-np%d: %.2f", name, nps.get(last), nps.get(0),
                    wallPerTask[last] / wallPerTask[0]));
        }
        System.out.printf("checksum %s at every P%n", checksum);
        return checksum;
    }

    /**
     * One `./run.sh emulate` in a fresh process, as a user runs it: in this bench's JVM the first run would also pay
     * for compiling the emulator, which a later P would not (the first P measured more than twice a later one's CPU
     * a task).
     */
    private static Figures emulate(Program program, int np, List<String> launch, String taskCost, Path out) {
        List<String> argv = new ArrayList<>(List.of("emulate"));
        argv.addAll(launch);
        argv.addAll(List.of("--np", Integer.toString(np), "--task-cost", taskCost, "--timeline", "off", "--quiet",
                "--out", out.toString()));
        argv.addAll(RankArguments.of(program));
        try {
            Files.createDirectories(out);
            FreshProcess.Measured run = FreshProcess.run(FreshProcess.root(), argv, out.resolveSibling(out.getFileName() + ".log"));
            EmulationSummary s = Json.read(out.resolve("summary.json"), EmulationSummary.class);
            return new Figures(s.wallSeconds(), run.cpuSeconds(), s.header().tasks(), s.header().checksum());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("bench scale: interrupted", e);
        }
    }
}
