package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Erroneous foreign programs end emulated as they end plainly (docs/interposition.md, errors): an error under
 * MPI_ERRORS_ARE_FATAL aborts (Open MPI's handler prints its message, which mpirun may cut off as it kills the job,
 * in the plain run too: not asserted) and the emulator names the call and the error. The conformance cases error-*
 * hold the codes and handlers of programs that go on.
 */
class ErroneousProgramsIT {

    private static final long LIMIT_SECONDS = 120;

    @TempDir
    Path tmp;

    @Test
    void anErrorUnderErrorsAreFatalEndsTheRunAsThePlainRunEnds() throws Exception {
        Path program = ForeignRuns.compile("error-fatal", tmp);
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(2, List.of(program.toString())).arguments(),
                Map.of(), LIMIT_SECONDS);
        assertNotEquals(0, plain.exit(), plain.output());

        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("run").toString(), "--", program.toString()), LIMIT_SECONDS);
        assertNotEquals(0, emulated.exit(), emulated.output());
        assertEquals("sending to rank 2\n", emulated.stdout().lines().findFirst().orElse("") + "\n", emulated.output());
        // The emulator names rank 0's error, unless mpirun's kill of rank 1 (for rank 0's abort) reaches it first.
        assertTrue(emulated.output().contains("rank 0 failed: MPI_Send: MPI_ERR_RANK: invalid rank")
                || emulated.output().contains("rank 1 failed: rank 1 closed its connection"), emulated.output());
        assertFalse(emulated.stdout().contains("not reached"), emulated.output());
    }

    /**
     * Collectives whose ranks disagree end the run (exit 1) naming the collective, the ranks and what differs, within
     * the test's limit (never a hang, never a prediction): the count, the root, the operation, the call itself.
     */
    @Test
    void aCollectiveWhoseRanksDisagreeEndsTheRunNamingWhatDiffers() throws Exception {
        Path program = ForeignRuns.compile("collective-mismatch", tmp);
        List<String[]> cases = List.of(
                new String[] {"count", "MPI_Bcast (collective 2 on MPI_COMM_WORLD) with ", " bytes at rank "},
                new String[] {"root", "MPI_Bcast (collective 2 on MPI_COMM_WORLD) with root ", ""},
                new String[] {"op", "MPI_Reduce (collective 2 on MPI_COMM_WORLD) with operation ", ""},
                new String[] {"call", "the ranks called different collectives (collective 2 on MPI_COMM_WORLD): ", ""});
        for (String[] c : cases) {
            ForeignRuns.Result run = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                    "--out", tmp.resolve(c[0]).toString(), "--", program.toString(), c[0]), LIMIT_SECONDS);
            assertEquals(1, run.exit(), c[0] + ": " + run.output());
            assertTrue(run.output().contains(c[1]) && run.output().contains(c[2]), c[0] + ": " + run.output());
            assertFalse(run.stdout().contains("predicted time"), c[0] + ": " + run.output());
        }
    }
}
