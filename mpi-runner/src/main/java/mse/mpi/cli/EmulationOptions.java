package mse.mpi.cli;

import java.time.Duration;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.timeline.TimelineRequest;
import mse.mpi.experiment.EmulationSettings;
import mse.mpi.options.BadInputException;
import mse.mpi.options.BindOption;
import mse.mpi.options.ChaosOption;
import mse.mpi.options.TargetOptions;
import mse.mpi.options.TimelineOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The target and how it is emulated: shared by emulate and sweep (predict shares only the target). */
public final class EmulationOptions {

    @Mixin
    TargetOptions target;

    @Mixin
    HostOptions hosts;

    @Mixin
    TimelineOption timeline;

    @Option(names = "--local", description = "Fold the ranks into threads of this JVM (LocalComm) instead of mpirun; up to np 256.")
    boolean local;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "1800",
            description = "Stop a run after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Mixin
    BindOption bind;

    @Option(names = "--quiet", description = "No progress display on stderr.")
    boolean quiet;

    @Mixin
    ChaosOption chaos;

    /** The target; a bad profile or ratio is bad input (exit 2). */
    public TargetProfile target() {
        return target.target();
    }

    public TaskCost taskCost() {
        return target.taskCost();
    }

    public TimelineRequest timeline() {
        return timeline.request();
    }

    public boolean local() {
        return local;
    }

    public Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }

    /** --bind, else the address of the run's network (loopback on one machine). */
    public String bindHost() {
        return bind.host(hosts.cluster().network().bindAddress());
    }

    public HostOptions hosts() {
        return hosts;
    }

    public boolean quiet() {
        return quiet;
    }

    public int chaosDelayMillis() {
        return chaos.delayMillis();
    }

    /** The options resolved once for the points of a run or a sweep; bad ones are bad input (exit 2). */
    public EmulationSettings settings() {
        return new EmulationSettings(target(), taskCost(), local, timeout(), chaos.delayMillis(), bindHost(), timeline(),
                hosts.cluster(), quiet);
    }

    /** Checks np against what this host can run. */
    public void validate(int np) {
        validateCommon(np);
        int limit = local ? 256 : 64;
        if (np > limit) {
            throw new BadInputException("--np: " + np + " ranks is more than " + (local ? "--local" : "mpirun emulation")
                    + " supports on one host (" + limit + ")" + (local ? "" : "; try --local"));
        }
    }

    /**
     * Checks np for a foreign program: its ranks are native processes of a few tens of MB, not JVMs, so memory
     * bounds np, not the JVM ranks' limit (measured: docs/interposition.md).
     */
    public void validateForeign(int np) {
        validateCommon(np);
        long available = ForeignRankMemory.availableBytes();
        if (!hosts.multiHost() && available > 0 && np * ForeignRankMemory.BYTES_PER_RANK > available) {
            throw new BadInputException("--np: " + np + " ranks need about " + (np * ForeignRankMemory.BYTES_PER_RANK >> 20)
                    + " MB and this machine has " + (available >> 20) + " MB available");
        }
    }

    private void validateCommon(int np) {
        timeline();
        if (timeoutSeconds < 1) {
            throw new BadInputException("--timeout: expected a positive number of seconds, got " + timeoutSeconds);
        }
        if (local && hosts.multiHost()) {
            throw new BadInputException("--local runs the ranks as threads of this JVM; it takes no --hostfile");
        }
        hosts.validate(np);
    }
}
