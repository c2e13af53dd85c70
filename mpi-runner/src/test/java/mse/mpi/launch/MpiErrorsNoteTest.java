package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import mse.emulator.kernel.MpiErrorCount;
import mse.emulator.kernel.RunOutcome;
import mse.emulator.kernel.RunResult;
import org.junit.jupiter.api.Test;

/** The note on errors a program went on after names the first kinds with their counts, and is quiet without any. */
class MpiErrorsNoteTest {

    private static RunResult with(List<MpiErrorCount> errors) {
        return new RunResult(new RunOutcome.Completed(), List.of(), List.of(), Map.of(), errors);
    }

    private static MpiErrorCount error(int rank, String call, String error, long count) {
        return new MpiErrorCount(rank, call, error + ": what it means", "MPI_ERRORS_RETURN", count, 0);
    }

    @Test
    void namesTheFirstKindsAndCountsTheRest() {
        assertEquals(Optional.of("mse: note: the program went on after 7 errors its MPI calls returned: rank 0 MPI_Recv "
                        + "MPI_ERR_TRUNCATE x3 (MPI_ERRORS_RETURN), rank 0 MPI_Send MPI_ERR_RANK (MPI_ERRORS_RETURN), rank 2 "
                        + "MPI_Waitall MPI_ERR_IN_STATUS x2 (MPI_ERRORS_RETURN), and 1 more kind (summary.json ranks[].mpiErrors)"),
                MpiErrorsNote.of(with(List.of(error(0, "MPI_Recv", "MPI_ERR_TRUNCATE", 3), error(0, "MPI_Send", "MPI_ERR_RANK", 1),
                        error(2, "MPI_Waitall", "MPI_ERR_IN_STATUS", 2), error(3, "MPI_Probe", "MPI_ERR_TAG", 1)))));
    }

    @Test
    void quietWithoutErrors() {
        assertEquals(Optional.empty(), MpiErrorsNote.of(with(List.of())));
    }
}
