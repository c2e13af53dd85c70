package mse.mpi.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
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
 * `mse bench scale` (issue 46): what the live emulator costs per task as P grows, the same work at every P. For each
 * P, `emulate --local` (ranks as threads of this JVM) and then `emulate` under mpirun: summary.json's wallSeconds per
 * task, the CPU this JVM and its children (mpirun and the ranks) used per task beside it, and the checksum, which must
 * be the same at every P. The wall figure is what a user waits; the CPU figure says how much of it was work, which on
 * a shared machine is the steadier of the two. Ends with machine-readable lines, the ratio of the largest P's wall
 * per task to the smallest's among them.
 */
final class ScaleBenchmark {

    /** Clock ticks per second of /proc's cutime and cstime: USER_HZ, which Linux fixes at 100 for user space. */
    private static final double USER_HZ = 100;

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

    static void run(Program local, List<Integer> localNps, Program mpirun, List<Integer> mpirunNps, String taskCost,
                    int repeat, Path scratch) {
        List<String> lines = new ArrayList<>();
        String checksum = null;
        if (!localNps.isEmpty()) {
            System.out.printf("emulate --local --task-cost %s --timeline off, %s; median of %d run(s) per P%n", taskCost,
                    local.describe(), repeat);
            checksum = series("local", local, localNps, List.of("--local"), taskCost, repeat, scratch, lines, null);
        }
        if (!mpirunNps.isEmpty()) {
            System.out.printf("emulate under mpirun --task-cost %s --timeline off, %s; median of %d run(s) per P%n", taskCost,
                    mpirun.describe(), repeat);
            series("mpirun", mpirun, mpirunNps, List.of(), taskCost, repeat, scratch, lines,
                    local.describe().equals(mpirun.describe()) ? checksum : null);
        }
        lines.forEach(System.out::println);
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
            double wall = BenchCommand.median(Arrays.stream(runs).mapToDouble(Figures::wallSeconds).toArray());
            double cpu = BenchCommand.median(Arrays.stream(runs).mapToDouble(Figures::cpuSeconds).toArray());
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

    private static Figures emulate(Program program, int np, List<String> launch, String taskCost, Path out) {
        List<String> argv = new ArrayList<>(List.of("emulate"));
        argv.addAll(launch);
        argv.addAll(List.of("--np", Integer.toString(np), "--task-cost", taskCost, "--timeline", "off", "--quiet",
                "--out", out.toString()));
        argv.addAll(RankArguments.of(program));
        double cpuBefore = cpuSeconds();
        if (Mse.commandLine().execute(argv.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("bench scale: failed: " + String.join(" ", argv));
        }
        double cpu = cpuSeconds() - cpuBefore;
        try {
            EmulationSummary s = Json.read(out.resolve("summary.json"), EmulationSummary.class);
            return new Figures(s.wallSeconds(), cpu, s.header().tasks(), s.header().checksum());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** CPU time of this JVM and of the children it waited for (mpirun, whose own count includes the ranks'). */
    private static double cpuSeconds() {
        double self = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // Fields after the command's closing parenthesis: state is field 3, cutime and cstime are 16 and 17.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return self + (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / USER_HZ;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
