package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI-3 requests charged as the calls they stand for (docs/interposition.md): a start of a persistent request is the
 * matching nonblocking call. With a deterministic task cost each twin of mpi-runner/src/test/c/request-twins.c
 * reports the same facts in the same order as its other, so the two predictions must be the same double, and so must
 * every rank's breakdown.
 */
class RequestTwinsIT {

    @TempDir
    Path tmp;

    @Test
    void aPersistentRequestFarmPredictsWhatItsIsendIrecvTwinDoes() throws Exception {
        assertTwins("persistent", "isend", 4, "40");
    }

    private void assertTwins(String mode, String twin, int np, String argument) throws Exception {
        Path program = ForeignRuns.compile("request-twins", tmp);
        Map<String, Object> one = summary(program, mode, np, argument);
        Map<String, Object> other = summary(program, twin, np, argument);
        assertEquals(other.get("predictedSeconds"), one.get("predictedSeconds"));
        assertEquals(other.get("breakdown"), one.get("breakdown"));
        assertEquals(other.get("tasks"), one.get("tasks"));
    }

    private Map<String, Object> summary(Path program, String mode, int np, String argument) throws Exception {
        Path out = tmp.resolve(mode);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", Integer.toString(np), "--task-cost",
                "per-iteration:10us", "--timeline", "off", "--quiet", "--out", out.toString(), "--", program.toString(),
                mode, argument));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.stdout().startsWith(mode + " "), r.stdout());
        return JsonFile.read(out.resolve("summary.json"));
    }
}
