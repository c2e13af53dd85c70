package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Errors a rank's program went on after (RankFact.MpiError): recorded by rank and kind, counted, costing nothing. */
class MpiErrorsTest {

    private static final String TRUNCATE = "MPI_ERR_TRUNCATE: message truncated";

    @Test
    void eachKindIsCountedAtItsFirstVirtualTimeAndChargesNothing() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, new RankFact.Computed(1, 1000), new RankFact.MpiError(1, "MPI_Recv", TRUNCATE, "MPI_ERRORS_RETURN"),
                new RankFact.MpiError(1, "MPI_Send", "MPI_ERR_RANK: invalid rank", "the program's handler"),
                new RankFact.Computed(1, 500), new RankFact.MpiError(1, "MPI_Recv", TRUNCATE, "MPI_ERRORS_RETURN"),
                finish(0), finish(1));
        assertTrue(kernel.outcome() instanceof RunOutcome.Completed, kernel.outcome().toString());
        assertEquals(1500, kernel.clockOf(1), "the errors charged nothing");
        long first = kernel.clockOf(1) - 500;
        assertEquals(List.of(new MpiErrorCount(1, "MPI_Recv", TRUNCATE, "MPI_ERRORS_RETURN", 2, first),
                new MpiErrorCount(1, "MPI_Send", "MPI_ERR_RANK: invalid rank", "the program's handler", 1, first)),
                kernel.result().errors());
        assertEquals("MPI_ERR_TRUNCATE", kernel.result().errors().get(0).errorClass());
    }
}
