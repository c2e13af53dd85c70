package mse.mpi.cli;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.mpi.apps.mase.ReferenceKernel;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `mse calibrate cpu`: the target CPU's speed relative to this host, cpu.speed-ratio of a profile. A task
 * that takes c s of CPU here takes c / R s on the target, so R = (kernel time here) / (kernel time there).
 */
@Command(name = "cpu", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Time a fixed MASE block here and derive cpu.speed-ratio = (time here) / (time on the target).",
                "Every run writes cpu-reference.json; run this on the target and pass that file with --reference."},
        footer = {"", "Examples:", "  ./run.sh calibrate cpu --target-seconds 0.8",
                "  ./run.sh calibrate cpu --reference target/cpu-reference.json"})
final class CalibrateCpuCommand implements Callable<Integer> {

    static final class Target {
        @Option(names = "--reference", paramLabel = "FILE", description = "cpu-reference.json written by `calibrate cpu` on the target.")
        Path reference;

        @Option(names = "--target-seconds", paramLabel = "T", description = "The target's CPU seconds for the same block.")
        Double targetSeconds;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Target target;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "7", description = "Timed passes; the median counts (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-calibrate-cpu).")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (repeats < 1) {
            throw new BadInputException("--repeats: expected >= 1, got " + repeats);
        }
        Double there = target == null ? null : target.targetSeconds != null ? targetSeconds(target.targetSeconds) : referenceSeconds(target.reference);
        Path dir = RunDirectory.create(out, "calibrate-cpu");
        double here = ReferenceKernel.medianSeconds(repeats);
        Json.write(dir.resolve("cpu-reference.json"), new CpuReference(ReferenceKernel.DESCRIPTION, here, repeats,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name") + " " + System.getProperty("java.version")));
        Double ratio = there == null ? null : here / there;
        System.out.printf("reference kernel: %s%n", ReferenceKernel.DESCRIPTION);
        System.out.printf("this host: %.4f s (median of %d)%n", here, repeats);
        if (there != null) {
            System.out.printf("target:    %.4f s%n", there);
            System.out.printf("speed ratio target/host = %.4f%n", ratio);
            System.out.printf("profile snippet:%n  cpu { speed-ratio = %.6g }%n", ratio);
        } else {
            System.out.println("no target given: copy cpu-reference.json to compare, or pass --target-seconds");
        }
        Json.write(dir.resolve("summary.json"), new Summary("calibrate cpu", ReferenceKernel.DESCRIPTION, here, there, ratio,
                dir.resolve("cpu-reference.json").toString()));
        System.out.printf("results: %s (this host's reference: %s)%n", dir.resolve("summary.json"), dir.resolve("cpu-reference.json"));
        return 0;
    }

    private static double targetSeconds(double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new BadInputException("--target-seconds: expected a positive number of seconds, got " + seconds);
        }
        return seconds;
    }

    /** The target's time from its cpu-reference.json, which must describe the same kernel. */
    private static double referenceSeconds(Path file) {
        CpuReference reference;
        try {
            reference = Json.read(file, CpuReference.class);
        } catch (IOException e) {
            throw new BadInputException("--reference: cannot read " + file + ": " + e.getMessage());
        }
        if (!ReferenceKernel.DESCRIPTION.equals(reference.kernel())) {
            throw new BadInputException("--reference: " + file + " timed another kernel (\"" + reference.kernel()
                    + "\"); run this version's `calibrate cpu` on the target");
        }
        if (reference.seconds() == null || !(reference.seconds() > 0)) {
            throw new BadInputException("--reference: " + file + ": \"seconds\" must be a positive number");
        }
        return reference.seconds();
    }

    /**
     * cpu-reference.json: the kernel timed, its median time here, how (passes, cores, Java); read back on another
     * machine, where only kernel and seconds count (null when absent).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record CpuReference(String kernel, Double seconds, Integer repeats, Integer cores, String java) {}

    /** calibrate cpu's summary.json; with a target, its time and the speed ratio (else null, absent). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Summary(String command, String kernel, double hostSeconds, Double targetSeconds, Double speedRatio, String referenceFile) {}
}
