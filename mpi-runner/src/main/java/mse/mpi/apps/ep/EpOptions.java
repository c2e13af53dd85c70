package mse.mpi.apps.ep;

import picocli.CommandLine.Option;

/** Options of the EP task farm (--app ep). */
public final class EpOptions {

    @Option(names = "--ep-tasks", paramLabel = "N", defaultValue = "256",
            description = "EP: number of tasks (default: ${DEFAULT-VALUE}).")
    int tasks;

    @Option(names = "--ep-pairs", paramLabel = "N", defaultValue = "65536",
            description = "EP: random pairs per task (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(names = "--ep-seed", paramLabel = "S", defaultValue = "271828183",
            description = "EP: base seed; task t draws from its own seed derived from it (default: ${DEFAULT-VALUE}).")
    long seed;

    /** The problem these options describe; an IllegalArgumentException names what is wrong. */
    public EpSpec spec() {
        return new EpSpec(tasks, pairs, seed);
    }
}
