package mse.mpi.options;

import picocli.CommandLine.Option;

/** --chaos-delay-ms (tests only): a random real delay before each rank operation, to shuffle interleavings. */
public final class ChaosOption {

    @Option(names = "--chaos-delay-ms", hidden = true, defaultValue = "0",
            description = "Tests only: random real delay before each rank operation, to shuffle interleavings.")
    int delayMillis;

    public int delayMillis() {
        return delayMillis;
    }
}
