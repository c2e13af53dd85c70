package mse.mpi.rank;

import java.nio.file.Path;
import mse.mpi.options.BindOption;
import mse.mpi.options.ChaosOption;
import mse.mpi.options.TargetOptions;
import mse.mpi.options.TimelineOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How a rank program runs: plainly, reporting to an emulator MSE started (--emulator, token in the
 * environment), or hosting the emulator in rank 0 under the user's own mpirun (--emulate). The target, --bind,
 * --timeline and --chaos-delay-ms are the `mse` commands' own mixins, so names and defaults agree.
 */
public final class RankRuntimeOptions {

    public static final String TOKEN_VARIABLE = "MSE_EMULATOR_TOKEN";

    @Option(names = "--emulator", paramLabel = "HOST:PORT|SOCKET",
            description = "Report to this emulator (TCP, or the path of its local socket on this machine) and run in virtual time.")
    String emulator;

    @Option(names = "--collectives", paramLabel = "ALGORITHM", defaultValue = "binomial", hidden = true,
            description = "With --emulator: how the target MPI runs collectives (the profile's mpi.collectives; the launcher passes it).")
    String collectives;

    @Option(names = "--report-calls", hidden = true,
            description = "With --emulator: tell the emulator each MPI call entered and left (an OTF2 timeline; the launcher passes it).")
    boolean reportCalls;

    @Option(names = "--emulate", description = "Host the emulator in rank 0 and run in virtual time (for your own mpirun command line).")
    boolean emulate;

    @Mixin
    TargetOptions target;

    @Mixin
    BindOption bind;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/mpirun-emulate",
            description = "With --emulate: where rank 0 writes the results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    TimelineOption timeline;

    @Mixin
    ChaosOption chaos;

    /**
     * A rank the launcher started, as its command line says (mse.mpi.apps.LaunchedRank reads it without picocli): plain
     * when emulator is null, else reporting to it; taskCost and collectives are given with an emulator.
     */
    public static RankRuntimeOptions launched(String emulator, String collectives, boolean reportCalls, String taskCost,
                                              int chaosDelayMillis) {
        RankRuntimeOptions options = new RankRuntimeOptions();
        options.emulator = emulator;
        options.collectives = collectives;
        options.reportCalls = reportCalls;
        options.target = TargetOptions.charging(taskCost);
        options.bind = new BindOption();
        options.timeline = new TimelineOption();
        options.chaos = ChaosOption.delay(chaosDelayMillis);
        return options;
    }
}
