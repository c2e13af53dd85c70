package mse.mpi.cli;

import java.time.Duration;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import picocli.CommandLine.Option;

/** The target and how it is emulated: shared by emulate and sweep. */
public final class EmulationOptions {

    @Option(names = "--profile", paramLabel = "NAME|FILE", defaultValue = "mpich-fast-ethernet",
            description = "Target network and CPU: a built-in preset (mpich-fast-ethernet, loggps-fast-ethernet) "
                    + "or a profile file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--cpu-ratio", paramLabel = "R",
            description = "Target CPU speed / this host's; overrides the profile's cpu.speed-ratio.")
    Double cpuRatio;

    @Option(names = "--task-cost", paramLabel = "MODE", defaultValue = "real",
            description = "How tasks are charged: real (thread CPU time), fixed:DUR or per-iteration:DUR "
                    + "(DUR like 10ns, 50us, 2ms; deterministic) (default: ${DEFAULT-VALUE}).")
    String taskCost;

    @Option(names = "--local", description = "Fold the ranks into threads of this JVM (LocalComm) instead of mpirun; up to np 256.")
    boolean local;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "1800",
            description = "Stop a run after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--quiet", description = "No progress display on stderr.")
    boolean quiet;

    @Option(names = "--chaos-delay-ms", hidden = true, defaultValue = "0",
            description = "Tests only: random real delay per rank operation.")
    int chaosDelayMillis;

    /** The target; a bad profile or ratio is bad input (exit 2). */
    public TargetProfile target() {
        TargetProfile target = ProfileLoader.load(profile);
        if (cpuRatio != null) {
            if (!(cpuRatio > 0) || cpuRatio.isInfinite()) {
                throw new BadInputException("--cpu-ratio: expected a positive number, got " + cpuRatio);
            }
            target = target.withCpu(new CpuProfile(cpuRatio));
        }
        return target;
    }

    public TaskCost taskCost() {
        try {
            return TaskCost.parse(taskCost);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--task-cost: " + e.getMessage());
        }
    }

    public boolean local() {
        return local;
    }

    public Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    public boolean quiet() {
        return quiet;
    }

    public int chaosDelayMillis() {
        return chaosDelayMillis;
    }

    /** Checks np against what this host can run. */
    public void validate(int np) {
        int limit = local ? 256 : 64;
        if (np > limit) {
            throw new BadInputException("--np: " + np + " ranks is more than " + (local ? "--local" : "mpirun emulation")
                    + " supports on one host (" + limit + ")" + (local ? "" : "; try --local"));
        }
    }
}
