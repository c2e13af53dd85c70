package mse.emulator.report;

import java.util.List;
import mse.emulator.kernel.MpiErrorCount;

/**
 * summary.json's ranks[].mpiErrors: the errors an MPI call returned to the rank's program, which went on (its
 * communicator's handler returned: MPI_ERRORS_RETURN or the program's own), each kind once with how many times and the
 * rank's virtual time at the first.
 */
public record MpiErrorSummary(String call, String errorClass, String error, String handler, long count,
                              double firstVirtualSeconds) {

    /** The rank's errors, null (absent) when it had none. */
    static List<MpiErrorSummary> of(List<MpiErrorCount> errors, int rank) {
        List<MpiErrorSummary> mine = errors.stream().filter(e -> e.rank() == rank)
                .map(e -> new MpiErrorSummary(e.call(), e.errorClass(), e.error(), e.handler(), e.count(),
                        e.firstVirtualNanos() / 1e9))
                .toList();
        return mine.isEmpty() ? null : mine;
    }
}
