package mse.mpi.options;

import picocli.CommandLine.Option;

/**
 * --chaos-delay-ms: a random real delay before each rank operation, to shuffle the real interleavings of the ranks.
 * A check of determinism a user can run too: virtual time must not care, so in a deterministic task-cost mode the
 * prediction stays the same to the bit (the tests run it so).
 */
public final class ChaosOption {

    @Option(names = "--chaos-delay-ms", paramLabel = "MS", defaultValue = "0",
            description = "Fault injection: a random real delay of up to MS ms before each rank operation, shuffling the ranks' "
                    + "real interleavings; with a deterministic --task-cost the prediction must not change (default: ${DEFAULT-VALUE}).")
    int delayMillis;

    public int delayMillis() {
        return delayMillis;
    }

    /** The option given as ms (0: off). */
    public static ChaosOption delay(int ms) {
        ChaosOption option = new ChaosOption();
        option.delayMillis = ms;
        return option;
    }
}
