package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prefetching hides the round trip, in closed form. One slave, N tasks of c = 200 us, a network
 * with L = 50 us, o_s = o_r = 10 us and nothing per byte or per process (seed 001's o'a alone). With one task in
 * flight every task waits for its own round trip: T1 = N (4o + 2L + c) + 2o + L (the STOP). With two, the next
 * task is already there when the slave finishes (2L <= c), so a task costs the slave o_r + c + o_s only and
 * T1 - T2 = (N - 1)(2o + 2L): every task but the first saves the master's receive and send and both latencies.
 * A third and fourth task in flight change nothing with one slave.
 */
class PrefetchClosedFormTest {

    private static final long N = 20;
    private static final long C = 200_000;
    private static final long L = 50_000;
    private static final long O = 10_000;

    @TempDir
    Path tmp;

    @Test
    void prefetchingHidesTheRoundTripOfEveryTaskButTheFirst() throws Exception {
        Path profile = tmp.resolve("round-trip.conf");
        Files.copy(java.util.Objects.requireNonNull(getClass().getResourceAsStream("/profiles/round-trip.conf")), profile);
        Map<String, Object> s = JsonFile.read(predict(profile).resolve("summary.json"));
        List<Long> byK = ((List<?>) s.get("points")).stream().map(p -> Math.round(((Number) ((Map<?, ?>) p).get("predictedSeconds"))
                .doubleValue() * 1e9)).toList();
        long t1 = N * (4 * O + 2 * L + C) + 2 * O + L;
        assertEquals(t1, byK.get(0), "K = 1: a round trip per task");
        assertEquals((N - 1) * (2 * O + 2 * L), t1 - byK.get(1), "K = 2 hides the round trip of every task but the first");
        assertEquals(byK.get(1), byK.get(2), "K = 4: nothing more to hide with one slave");
    }

    private Path predict(Path profile) {
        Path out = tmp.resolve("predict");
        String[] args = {"predict", "--np", "2", "--prefetch", "1,2,4", "--sample", "all", "--app", "ep", "--ep-tasks", Long.toString(N),
                "--task-cost", "fixed:200us", "--profile", profile.toString(), "--quiet", "--timeline", "off", "--out", out.toString()};
        assertEquals(0, Mse.commandLine().execute(args), String.join(" ", args));
        return out;
    }
}
