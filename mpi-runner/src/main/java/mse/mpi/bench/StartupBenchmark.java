package mse.mpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `mse bench startup`: what a user waits for before the first task and after the last, as fresh `./run.sh` processes
 * (wall time, start to exit; no polling of the processes, which on a 2-core machine would take a share of a core from
 * what it measures). The smallest MPI program (examples/c/barrier, np 4) plainly and emulated, in turns: the difference
 * of the medians is the emulator's fixed cost. MASE at np 32 under mpirun against the same with --local: what 32 rank
 * JVMs cost, with the CPU each rank spent before it was ready (its mse.log line). Then the machine's floors under them:
 * a bare JVM, mpirun of np processes that do nothing, mpirun of 32 bare JVMs, and of 32 C barrier programs (Open MPI's
 * own MPI_Init at np 32). Last, once, the default `./run.sh`.
 */
public final class StartupBenchmark {

    private static final Pattern READY = Pattern.compile("rank (\\d+) ready: (-?\\d+) ms of CPU, (-?\\d+) ms since its JVM started");
    private static final List<String> NP32 = List.of("emulate", "--np", "32", "--task-points", "16", "--task-cost", "fixed:2us");

    private StartupBenchmark() {
    }

    public static void run(int repeat, Path scratch) throws IOException, InterruptedException {
        Path root = FreshProcess.root();
        String barrier = root.resolve("examples/c/build/barrier").toString();
        List<String> lines = new ArrayList<>();

        double[] plain = new double[repeat];
        double[] emulated = new double[repeat];
        for (int i = 0; i < repeat; i++) { // in turns: a drift of the machine's pace lands on both
            plain[i] = wall(root, List.of("run", "--np", "4", "--out", scratch.resolve("run-" + i).toString(), "--", barrier), scratch);
            emulated[i] = wall(root, List.of("emulate", "--np", "4", "--out", scratch.resolve("emulate-" + i).toString(), "--", barrier),
                    scratch);
        }
        System.out.printf("examples/c/barrier np 4: run %s s, emulate %s s (in order)%n", seconds(plain), seconds(emulated));
        lines.add(String.format("startup-barrier-np4-run-seconds: %.3f", Medians.of(plain)));
        lines.add(String.format("startup-barrier-np4-emulate-seconds: %.3f", Medians.of(emulated)));
        lines.add(String.format("startup-emulate-minus-run-seconds: %.3f", Medians.of(emulated) - Medians.of(plain)));

        double[] mpirun = new double[repeat];
        double[] local = new double[repeat];
        List<Long> readyCpu = new ArrayList<>();
        List<Long> readyWall = new ArrayList<>();
        for (int i = 0; i < repeat; i++) {
            Path out = scratch.resolve("np32-" + i);
            List<String> args = new ArrayList<>(NP32);
            args.addAll(List.of("--out", out.toString()));
            mpirun[i] = wall(root, args, scratch);
            readiness(out.resolve("mse.log"), readyCpu, readyWall);
            args = new ArrayList<>(NP32);
            args.addAll(List.of("--local", "--out", scratch.resolve("np32-local-" + i).toString()));
            local[i] = wall(root, args, scratch);
        }
        System.out.printf("MASE np 32 (16 points a task, fixed:2us): mpirun %s s, --local %s s (in order)%n", seconds(mpirun), seconds(local));
        lines.add(String.format("startup-np32-mpirun-seconds: %.3f", Medians.of(mpirun)));
        lines.add(String.format("startup-np32-local-seconds: %.3f", Medians.of(local)));
        lines.add(String.format("startup-np32-mpirun-over-local: %.3f", Medians.of(mpirun) / Medians.of(local)));
        if (!readyCpu.isEmpty()) {
            lines.add(String.format("startup-rank-cpu-ms-before-ready: %.0f", Medians.of(readyCpu.stream().mapToDouble(Long::doubleValue).toArray())));
            lines.add(String.format("startup-rank-wall-ms-before-ready: %.0f", Medians.of(readyWall.stream().mapToDouble(Long::doubleValue).toArray())));
        }

        // The floors: what no change to MSE can go under on this machine.
        double[] jvm = new double[repeat];
        double[] mpirun4 = new double[repeat];
        double[] mpirun32 = new double[repeat];
        double[] jvms32 = new double[repeat];
        double[] barrier32 = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            jvm[i] = wall(List.of("java", "-Xshare:auto", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-version"), scratch);
            mpirun4[i] = wall(mpirun(4, List.of("true")), scratch);
            mpirun32[i] = wall(mpirun(32, List.of("true")), scratch);
            jvms32[i] = wall(mpirun(32, List.of("java", "-Xshare:auto", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                    "-XX:TieredStopAtLevel=1", "-Xmx128m", "-version")), scratch);
            barrier32[i] = wall(mpirun(32, List.of(barrier)), scratch);
        }
        lines.add(String.format("startup-floor-jvm-seconds: %.3f", Medians.of(jvm)));
        lines.add(String.format("startup-floor-mpirun-np4-true-seconds: %.3f", Medians.of(mpirun4)));
        lines.add(String.format("startup-floor-mpirun-np32-true-seconds: %.3f", Medians.of(mpirun32)));
        lines.add(String.format("startup-floor-mpirun-np32-jvms-seconds: %.3f", Medians.of(jvms32)));
        lines.add(String.format("startup-floor-mpirun-np32-barrier-seconds: %.3f", Medians.of(barrier32)));
        lines.add(String.format("startup-floor-np32-mpirun-jvms-over-local: %.3f", Medians.of(jvms32) / Medians.of(local)));

        lines.add(String.format("main-job-wall-seconds: %.1f", wall(root, List.of(), scratch)));
        lines.forEach(System.out::println);
    }

    /** Each rank's "ready" line of a run's mse.log: its CPU and wall time from its JVM's start. */
    private static void readiness(Path log, List<Long> cpu, List<Long> wall) throws IOException {
        if (!Files.isRegularFile(log)) {
            return;
        }
        for (String line : Files.readAllLines(log)) {
            Matcher m = READY.matcher(line);
            if (m.find() && Long.parseLong(m.group(2)) >= 0) {
                cpu.add(Long.parseLong(m.group(2)));
                wall.add(Long.parseLong(m.group(3)));
            }
        }
    }

    private static List<String> mpirun(int np, List<String> program) {
        // The transports and interfaces of MSE's own jobs (MpirunCommand).
        List<String> command = new ArrayList<>(List.of("mpirun", "-np", Integer.toString(np), "--oversubscribe", "--bind-to", "none",
                "--mca", "btl", "self,vader,tcp", "--mca", "btl_tcp_if_include", "lo", "--mca", "oob_tcp_if_include", "lo"));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add("--allow-run-as-root");
        }
        command.addAll(program);
        return command;
    }

    /** `./run.sh args` in root, to its end. */
    private static double wall(Path root, List<String> args, Path scratch) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(root.resolve("run.sh").toString()));
        command.addAll(args);
        return wall(command, scratch);
    }

    /** A command's wall time, start to exit; its output goes to scratch/bench.log; a failure is an error naming it. */
    private static double wall(List<String> command, Path scratch) throws IOException, InterruptedException {
        Path log = scratch.resolve("bench.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        long t0 = System.nanoTime();
        Process process = builder.start();
        int status = process.waitFor();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (status != 0) {
            throw new IllegalStateException("bench: " + String.join(" ", command) + " exited " + status + ", see " + log);
        }
        return seconds;
    }

    private static String seconds(double[] walls) {
        List<String> parts = new ArrayList<>();
        for (double w : walls) {
            parts.add(String.format("%.2f", w));
        }
        return String.join(", ", parts);
    }
}
