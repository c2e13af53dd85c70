package mse.mpi.options;

import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import picocli.CommandLine.Option;

/**
 * The target cluster and how tasks are charged: shared by emulate, sweep and predict and by the ranks (under your own
 * mpirun with --emulate; --task-cost also with the launcher's --emulator), so all agree on names and defaults.
 */
public final class TargetOptions {

    @Option(names = "--profile", paramLabel = "NAME|FILE", defaultValue = "mpich-fast-ethernet",
            description = "Target network and CPU: a built-in preset (mpich-fast-ethernet, loggps-fast-ethernet) "
                    + "or a profile file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--cpu-ratio", paramLabel = "R",
            description = "Target CPU speed / this host's; overrides the profile's cpu.speed-ratio.")
    Double cpuRatio;

    @Option(names = "--task-cost", paramLabel = "MODE", defaultValue = "real",
            description = "How tasks are charged: real (thread CPU time), wall (wall time between calls: sleeps and "
                    + "I/O too; depends on this host's load), fixed:DUR or per-iteration:DUR "
                    + "(DUR like 10ns, 50us, 2ms; deterministic) (default: ${DEFAULT-VALUE}).")
    String taskCost;

    /** Only --task-cost given: a rank the launcher started, whose target is the emulator's. */
    public static TargetOptions charging(String taskCost) {
        TargetOptions options = new TargetOptions();
        options.taskCost = taskCost;
        return options;
    }

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

    /** --profile as given: a preset's name or a file. */
    public String profile() {
        return profile;
    }

    public TaskCost taskCost() {
        return BadInputException.check("--task-cost", () -> TaskCost.parse(taskCost));
    }

}
