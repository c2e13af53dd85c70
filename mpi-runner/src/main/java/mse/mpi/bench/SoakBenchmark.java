package mse.mpi.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import mse.mpi.launch.ProcessCommandLine;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import mse.mpi.apps.Program;
import mse.mpi.experiment.Progress;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.options.BadInputException;
import mse.mpi.options.TargetOptions;

/**
 * `bench soak`: one long emulation (by default 1,048,576 one-point MASE tasks at np 16) to show that
 * memory stays bounded: the emulator keeps per-task results (tasks.csv) but no per-message state, and a
 * rank keeps nothing per task. Prints the emulator's peak heap, the largest rank's peak resident memory
 * (VmHWM, sampled from /proc while the job runs) and the wall time.
 */
public final class SoakBenchmark {

    private SoakBenchmark() {
    }

    public static void run(Program app, TargetOptions target, int np, Path scratch) throws Exception {
        BadInputException.check(() -> app.validate(np, Runtime.getRuntime().maxMemory()));
        long tasks = app.workload().tasks();
        System.out.printf("soak: %s, %d tasks, np %d, task cost %s%n", app.describe(), tasks, np, target.taskCost().spec());
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        AtomicLong rankPeak = new AtomicLong();
        Thread sampler = new Thread(() -> sampleRanks(scratch.toString(), rankPeak), "rank-memory");
        sampler.setDaemon(true);
        sampler.start();
        try (Progress progress = Progress.start("soak", false)) {
            EmulatedRun run = EmulatedLaunch.run(new EmulationPlan(app, np, target.target(), target.taskCost(), false,
                    Duration.ofHours(6), scratch, 0, progress, mse.mpi.launch.MpirunCommand.DEFAULT_BTL));
            sampler.interrupt();
            long emulatorPeak = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP).mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            System.out.printf("predicted %.3f s; %d tasks reported%n", run.report().result().predictedNanos() / 1e9, run.report().tasks().size());
            System.out.printf("emulator-peak-heap-mb: %.1f%n", emulatorPeak / 1048576.0);
            System.out.printf("rank-peak-rss-mb: %.1f%n", rankPeak.get() / 1024.0);
            System.out.printf("soak-wall-seconds: %.1f%n", run.wallSeconds());
        }
    }

    /** The largest VmHWM (kB) of the rank processes of this run, found by the scratch path on their command line. */
    private static void sampleRanks(String marker, AtomicLong peakKb) {
        while (!Thread.currentThread().isInterrupted()) {
            ProcessHandle.allProcesses()
                    .filter(p -> {
                        String c = ProcessCommandLine.of(p.pid());
                        return c.contains("RankMain") && c.contains(marker);
                    })
                    .forEach(p -> peakKb.accumulateAndGet(vmHwmKb(p.pid()), Math::max));
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static long vmHwmKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process ended between listing and reading
        }
        return 0;
    }
}
