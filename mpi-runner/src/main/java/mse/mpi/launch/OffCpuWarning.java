package mse.mpi.launch;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import mse.emulator.kernel.OffCpuTime;
import mse.emulator.kernel.RunResult;

/**
 * One line for stderr when a program's ranks spent a large share of their time between MPI calls off the CPU, blocked
 * by themselves (sleeping, waiting for I/O): `--task-cost real` charges CPU time only, so that time is not in the
 * prediction, and a user who does not know would trust a prediction of a program that mostly sleeps
 * (docs/real-task-cost.md, "Sleeping and I/O").
 */
public final class OffCpuWarning {

    /** A rank is worth a word when at least this share of its time between calls was off the CPU... */
    static final double SHARE = 0.10;
    /** ...and at least this much of it, so that a few short waits of a short run say nothing. */
    static final long LEAST_NANOS = 10_000_000;

    private OffCpuWarning() {
    }

    /** The warning for this run's ranks, naming the rank off the CPU longest; empty when no rank is worth it. */
    public static Optional<String> of(RunResult result) {
        var worth = result.offCpu().entrySet().stream()
                .filter(e -> e.getValue().share() >= SHARE && e.getValue().offCpuNanos() >= LEAST_NANOS)
                .sorted(Comparator.comparingLong((Map.Entry<Integer, OffCpuTime> e) -> e.getValue().offCpuNanos()).reversed())
                .toList();
        if (worth.isEmpty()) {
            return Optional.empty();
        }
        Map.Entry<Integer, OffCpuTime> first = worth.get(0);
        int others = worth.size() - 1;
        return Optional.of(String.format("mse: warning: rank %d spent %.3f s of its %.3f s between MPI calls off the CPU "
                        + "(sleeping or waiting for I/O)%s, which --task-cost real does not charge; --task-cost wall charges "
                        + "the wall time between calls instead (its prediction depends on this host's load)",
                first.getKey(), first.getValue().offCpuNanos() / 1e9, first.getValue().outsideNanos() / 1e9,
                others == 0 ? "" : others == 1 ? ", and 1 other rank over a tenth of its own"
                        : ", and " + others + " other ranks over a tenth of their own"));
    }

    /** Prints the warning, if any, on stderr. */
    public static void print(RunResult result) {
        of(result).ifPresent(System.err::println);
    }
}
