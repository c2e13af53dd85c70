package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI-3 requests charged as the calls they stand for (docs/requests.md): a start of a persistent request is the
 * matching nonblocking call, and a nonblocking collective sends the messages of its blocking twin. With a
 * deterministic task cost each twin of mpi-runner/src/test/c/request-twins.c reports the same facts in the same order
 * as its other, so the two predictions must be the same double, and so must every rank's breakdown.
 */
class RequestTwinsIT {

    @TempDir
    Path tmp;

    @Test
    void aPersistentRequestFarmPredictsWhatItsIsendIrecvTwinDoes() throws Exception {
        assertTwins("persistent", "isend", 4, "40", "mpich-fast-ethernet");
    }

    /**
     * Every collective the library emulates, at roots that move round the ranks (a non-commutative reduce's detour
     * through rank 0 included): each nonblocking one followed at once by its wait against the blocking one, on the
     * binomial tree and on the linear one.
     */
    @Test
    void aNonblockingCollectiveFollowedByItsWaitPredictsWhatTheBlockingOneDoes() throws Exception {
        Path linear = tmp.resolve("linear.conf");
        Files.writeString(linear, new String(RequestTwinsIT.class.getClassLoader()
                .getResourceAsStream("profiles/mpich-fast-ethernet.conf").readAllBytes())
                + "mpi { collectives = linear }\n");
        assertTwins("nonblocking", "blocking", 5, "6", "mpich-fast-ethernet");
        assertTwins("nonblocking", "blocking", 5, "6", linear.toString());
    }

    private void assertTwins(String mode, String twin, int np, String argument, String profile) throws Exception {
        Path program = ForeignRuns.compile("request-twins", tmp);
        Map<String, Object> one = summary(program, mode, np, argument, profile);
        Map<String, Object> other = summary(program, twin, np, argument, profile);
        assertEquals(other.get("predictedSeconds"), one.get("predictedSeconds"));
        assertEquals(other.get("breakdown"), one.get("breakdown"));
        assertEquals(other.get("tasks"), one.get("tasks"));
    }

    private Map<String, Object> summary(Path program, String mode, int np, String argument, String profile)
            throws Exception {
        Path out = tmp.resolve(mode + "-" + Integer.toHexString(profile.hashCode()));
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", Integer.toString(np), "--task-cost",
                "per-iteration:10us", "--profile", profile, "--timeline", "off", "--quiet", "--out", out.toString(),
                "--", program.toString(), mode, argument));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.stdout().startsWith(mode + " "), r.stdout());
        return JsonFile.read(out.resolve("summary.json"));
    }
}
