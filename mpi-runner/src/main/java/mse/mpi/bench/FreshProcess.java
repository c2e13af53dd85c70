package mse.mpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fresh `./run.sh ...` process as a user starts it, for benchmarks: its wall time (start to exit, JVM start-up
 * and everything run.sh does included), its CPU time and its peak resident memory, the kernel's high-water mark
 * (VmHWM of /proc/PID/status) of the process and of what it runs (looked for every 100 ms), read every few milliseconds
 * while it runs: run.sh execs java when its class archive is there, so the process is the JVM. Output goes to a log
 * file beside the results.
 */
public final class FreshProcess {

    /**
     * One run: wall seconds, peak resident bytes, and the CPU seconds of the process and of every process it started
     * (an emulation's ranks under mpirun; all their threads, each as last read before it exited, so the last few
     * milliseconds of each are left out), which a machine shared with other work inflates far less than the wall time.
     */
    record Measured(double wallSeconds, long peakRssBytes, double cpuSeconds) {}

    private static final long POLL_MILLIS = 3;
    /**
     * How often the processes it started are looked for: ProcessHandle.descendants reads every process of the machine,
     * and doing so on every poll took a share of a core that, on a 2-core machine, the measured process was missing
     * (a fresh predict measured noticeably slower under the bench than under /usr/bin/time). The
     * processes found are still read every poll; an emulation's ranks live for seconds.
     */
    private static final long TREE_MILLIS = 100;

    private FreshProcess() {
    }

    /** The checkout whose run.sh started this CLI: the jar (or classes) lies in ROOT/mpi-runner/target. */
    static Path root() {
        try {
            Path code = Path.of(FreshProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = code.getParent().getParent().getParent();
            if (!Files.isExecutable(root.resolve("run.sh"))) {
                throw new IllegalStateException("bench: no run.sh at " + root + " (the CLI's code is at " + code + ")");
            }
            return root;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("bench: where the CLI runs from is not a path", e);
        }
    }

    /** Runs `./run.sh args...` in `root` to its end; a non-zero exit is an error naming the log. */
    public static Measured run(Path root, List<String> args, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(root.resolve("run.sh").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        long t0 = System.nanoTime();
        Process process = builder.start();
        long peak = 0;
        java.util.Map<Long, java.time.Duration> cpu = new java.util.HashMap<>();
        List<ProcessHandle> tree = List.of(process.toHandle());
        long treeRead = t0;
        while (!process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() - treeRead >= TimeUnit.MILLISECONDS.toNanos(TREE_MILLIS)) {
                tree = java.util.stream.Stream.concat(java.util.stream.Stream.of(process.toHandle()), process.toHandle().descendants()).toList();
                treeRead = System.nanoTime();
            }
            for (ProcessHandle p : tree) {
                peak = Math.max(peak, vmHwm(p.pid()));
                p.info().totalCpuDuration().ifPresent(d -> cpu.put(p.pid(), d));
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        if (process.exitValue() != 0) {
            throw new IllegalStateException("bench: ./run.sh " + String.join(" ", args) + " exited " + process.exitValue() + ", see " + log);
        }
        return new Measured(wall, peak, cpu.values().stream().mapToLong(java.time.Duration::toNanos).sum() / 1e9);
    }

    private static long vmHwm(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return 1024 * Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException ended) {
            // the process ended between two reads: its last reading stands
        }
        return 0;
    }
}
