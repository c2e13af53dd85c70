package mse.mpi.launch;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import mse.emulator.kernel.MpiErrorCount;
import mse.emulator.kernel.RunResult;

/**
 * One line for stderr when MPI calls of the program returned errors it went on after (its communicators' handlers
 * returned: MPI_ERRORS_RETURN or its own): MPI lets a program do so (MPI 3.1 §8.3), and the run is predicted as it ran,
 * but a user whose program ignores a truncated receive should hear of it. summary.json's ranks[].mpiErrors lists them.
 */
public final class MpiErrorsNote {

    /** The kinds of error named on the line; more are counted. */
    static final int NAMED = 3;

    private MpiErrorsNote() {
    }

    /** The note for this run, naming the first kinds (by rank) with their counts; empty when no call returned an error. */
    public static Optional<String> of(RunResult result) {
        List<MpiErrorCount> errors = result.errors();
        if (errors.isEmpty()) {
            return Optional.empty();
        }
        long total = errors.stream().mapToLong(MpiErrorCount::count).sum();
        String named = errors.stream().limit(NAMED).map(MpiErrorsNote::kind).collect(Collectors.joining(", "));
        int more = errors.size() - NAMED;
        return Optional.of("mse: note: the program went on after " + total + (total == 1 ? " error" : " errors")
                + " its MPI calls returned: " + named + (more == 1 ? ", and 1 more kind" : more > 1 ? ", and " + more + " more kinds" : "")
                + " (summary.json ranks[].mpiErrors)");
    }

    private static String kind(MpiErrorCount e) {
        return "rank " + e.rank() + " " + e.call() + " " + e.errorClass() + (e.count() > 1 ? " x" + e.count() : "")
                + " (" + e.handler() + ")";
    }

    /** Prints the note, if any, on stderr. */
    public static void print(RunResult result) {
        of(result).ifPresent(System.err::println);
    }
}
