package mse.mpi.launch;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * How a rank program runs: plainly, reporting to an emulator MSE started (--emulator, token in the
 * environment), or hosting the emulator in rank 0 under the user's own mpirun (--emulate).
 */
public final class RankRuntimeOptions {

    public static final String TOKEN_VARIABLE = "MSE_EMULATOR_TOKEN";

    @Option(names = "--emulator", paramLabel = "HOST:PORT", description = "Report to this emulator and run in virtual time.")
    String emulator;

    @Option(names = "--task-cost", paramLabel = "MODE", defaultValue = "real",
            description = "How tasks are charged when emulated: real, fixed:DUR or per-iteration:DUR (default: ${DEFAULT-VALUE}).")
    String taskCost;

    @Option(names = "--collectives", paramLabel = "ALGORITHM", defaultValue = "binomial", hidden = true,
            description = "With --emulator: how the target MPI runs collectives (the profile's mpi.collectives; the launcher passes it).")
    String collectives;

    @Option(names = "--emulate", description = "Host the emulator in rank 0 and run in virtual time (for your own mpirun command line).")
    boolean emulate;

    @Option(names = "--profile", paramLabel = "NAME|FILE", defaultValue = "mpich-fast-ethernet",
            description = "With --emulate: the target network and CPU (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--cpu-ratio", paramLabel = "R", description = "With --emulate: target CPU speed / this host's.")
    Double cpuRatio;

    @Option(names = "--bind", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "With --emulate: the interface rank 0's emulator listens on; name one the other hosts reach "
                    + "for a multi-host run (default: ${DEFAULT-VALUE}).")
    String bindHost;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/mpirun-emulate",
            description = "With --emulate: where rank 0 writes the results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--timeline", paramLabel = "off|full|auto", defaultValue = "auto",
            description = "With --emulate: write timeline.json (Chrome trace) into --out: off, full, or auto, which above "
                    + "1,000,000 events keeps the first and last windows and every master event (default: ${DEFAULT-VALUE}).")
    String timeline;

    @Option(names = "--chaos-delay-ms", hidden = true, defaultValue = "0",
            description = "Tests only: random real delay before each operation, to shuffle interleavings.")
    int chaosDelayMillis;
}
