package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Erroneous foreign programs end emulated as they end plainly (docs/interposition.md, errors): an error under
 * MPI_ERRORS_ARE_FATAL aborts (Open MPI's handler prints its message, which mpirun may cut off as it kills the job,
 * in the plain run too: not asserted) and the emulator names the rank, the call, the error and the handler; errors the
 * program goes on after are recorded by rank, call and class. The conformance cases error-*
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
        // The emulator names rank 0's error, the call and the handler, even when it sees rank 1 vanish first (mpirun
        // kills rank 1 for rank 0's abort, after rank 0 told the emulator why).
        assertTrue(emulated.output().contains(
                "rank 0 failed: MPI_Send: MPI_ERR_RANK: invalid rank (MPI_ERRORS_ARE_FATAL)"), emulated.output());
        assertFalse(emulated.output().contains("closed its connection"), emulated.output());
        assertFalse(emulated.stdout().contains("not reached"), emulated.output());
    }

    /**
     * Errors a program goes on after (its handler returned them) run as they run plainly, and the emulator records
     * each: summary.json's ranks[].mpiErrors names the call, the error's class and the handler, with a count, and one
     * note on stderr says so.
     */
    @Test
    void errorsTheProgramGoesOnAfterAreRecordedByRankCallAndClass() throws Exception {
        Path program = ForeignRuns.compile("error-goes-on", tmp);
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(2, List.of(program.toString())).arguments(),
                Map.of(), LIMIT_SECONDS);
        assertEquals(0, plain.exit(), plain.output());
        assertEquals("classes 15 15 6 4, handler called 1\n", plain.stdout(), plain.output());

        Path out = tmp.resolve("goes-on");
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", out.toString(), "--", program.toString()), LIMIT_SECONDS);
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()), emulated.output());
        assertTrue(emulated.output().contains("mse: note: the program went on after 4 errors its MPI calls returned: "
                + "rank 0 MPI_Recv MPI_ERR_TRUNCATE x2 (MPI_ERRORS_RETURN), rank 0 MPI_Send MPI_ERR_RANK (MPI_ERRORS_RETURN), "
                + "rank 0 MPI_Send MPI_ERR_TAG (the program's handler)"), emulated.output());
        JsonNode errors = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("ranks").path(0)
                .path("mpiErrors");
        assertEquals(3, errors.size(), errors.toString());
        assertEquals("MPI_Recv MPI_ERR_TRUNCATE MPI_ERRORS_RETURN 2", kind(errors.get(0)));
        assertEquals("MPI_Send MPI_ERR_RANK MPI_ERRORS_RETURN 1", kind(errors.get(1)));
        assertEquals("MPI_Send MPI_ERR_TAG the program's handler 1", kind(errors.get(2)));
        assertTrue(errors.get(0).path("error").asText().startsWith("MPI_ERR_TRUNCATE: "), errors.toString());
        JsonNode rank1 = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("ranks").path(1);
        assertTrue(rank1.path("mpiErrors").isMissingNode(), rank1.toString());
    }

    private static String kind(JsonNode error) {
        return error.path("call").asText() + " " + error.path("errorClass").asText() + " " + error.path("handler").asText()
                + " " + error.path("count").asLong();
    }

    /**
     * A deadlock that a poll loop hides (a rank tests or iprobes for a message that the only other rank, blocked in a
     * receive, would send only after it) ends the run with exit 1 and one line naming each rank's wait, instead of
     * running on until the test's limit.
     */
    @Test
    void aRankPollingForAMessageNobodySendsEndsTheRunAsADeadlock() throws Exception {
        Path program = ForeignRuns.compile("polls-forever", tmp);
        for (String kind : List.of("test", "iprobe")) {
            ForeignRuns.Result run = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                    "--out", tmp.resolve(kind).toString(), "--", program.toString(), kind), LIMIT_SECONDS);
            assertEquals(1, run.exit(), kind + ": " + run.output());
            assertTrue(run.output().contains("deadlock: every live rank is blocked or polls in a loop, and no message "
                    + "can come: rank 0 waits in a loop of polls"), kind + ": " + run.output());
            assertTrue(run.output().contains("for probe(source=1, tag=5); rank 1 waits in receive(source=0, tag=9)"),
                    kind + ": " + run.output());
            assertFalse(run.stdout().contains("not reached") || run.stdout().contains("predicted time"),
                    kind + ": " + run.output());
        }
    }

    /**
     * Collectives whose ranks disagree end the run (exit 1) naming the collective, the ranks and what differs, within
     * the test's limit (never a hang, never a prediction): the count, the root, the operation, the call itself, and a
     * v collective's block that one rank sends and the other expects of another size.
     */
    @Test
    void aCollectiveWhoseRanksDisagreeEndsTheRunNamingWhatDiffers() throws Exception {
        Path program = ForeignRuns.compile("collective-mismatch", tmp);
        List<String[]> cases = List.of(
                new String[] {"count", "MPI_Bcast (collective 2 on MPI_COMM_WORLD) with ", " bytes at rank "},
                new String[] {"root", "MPI_Bcast (collective 2 on MPI_COMM_WORLD) with root ", ""},
                new String[] {"op", "MPI_Reduce (collective 2 on MPI_COMM_WORLD) with operation ", ""},
                new String[] {"call", "the ranks called different collectives (collective 2 on MPI_COMM_WORLD): ", ""},
                new String[] {"gatherv", "MPI_Gatherv (collective 2 on MPI_COMM_WORLD): rank 2 sends 8 bytes to rank 0, "
                        + "which expects 4 bytes from it", ""});
        for (String[] c : cases) {
            ForeignRuns.Result run = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                    "--out", tmp.resolve(c[0]).toString(), "--", program.toString(), c[0]), LIMIT_SECONDS);
            assertEquals(1, run.exit(), c[0] + ": " + run.output());
            assertTrue(run.output().contains(c[1]) && run.output().contains(c[2]), c[0] + ": " + run.output());
            assertFalse(run.stdout().contains("predicted time"), c[0] + ": " + run.output());
        }
    }
}
