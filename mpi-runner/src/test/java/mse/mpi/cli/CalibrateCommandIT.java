package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real mpirun at np 2 over each transport: the fitted profile loads, and tcp over loopback is slower than
 * vader (shared memory). A functional check, not a benchmark: it compares the sum of medians over the same
 * sizes, which differ by several times here, so a busy machine does not flip it.
 */
class CalibrateCommandIT {

    @TempDir
    Path tmp;

    @Test
    void tcpRoundTripsAreSlowerThanVader() throws Exception {
        double tcp = calibrate("tcp");
        double vader = calibrate("vader");
        assertTrue(tcp > vader, "tcp median RTT sum " + tcp + " us should exceed vader's " + vader + " us");
    }

    /** Runs calibrate and returns the sum of the median RTTs over its sizes. */
    @SuppressWarnings("unchecked")
    private double calibrate(String btl) throws Exception {
        Path out = tmp.resolve(btl);
        Path profile = tmp.resolve(btl + ".conf");
        int code = Mse.commandLine().execute("calibrate", "--btl", btl, "--np", "2", "--sizes", "1,64,1K",
                "--test-round-trips", "300", "--warmup", "50", "--profile-out", profile.toString(),
                "--out", out.toString(), "--timeout", "180");
        assertEquals(0, code);
        TargetProfile loaded = ProfileLoader.load(profile.toString());
        assertEquals("calibrated-" + btl, loaded.network().name());
        assertTrue(Files.readString(profile).contains("# raw points"));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals("self," + btl, summary.get("btl"));
        List<Map<String, Object>> points = (List<Map<String, Object>>) summary.get("points");
        assertEquals(3, points.size());
        double sum = 0;
        for (Map<String, Object> point : points) {
            assertEquals(2, point.get("np"));
            sum += ((Number) ((Map<String, Object>) point.get("rttMicros")).get("p50")).doubleValue();
        }
        return sum;
    }
}
