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
 * Real mpirun at np 2 over each transport: the job really runs over the asked transport, every size gets its
 * round trips with ordered percentiles, and the fitted profile loads. Which transport is faster is a
 * measurement, not a test: under load, oversubscribed vader ranks spin and were once slower than tcp here.
 */
class CalibrateCommandIT {

    @TempDir
    Path tmp;

    @Test
    void calibratesOverTcp() throws Exception {
        calibrate("tcp");
    }

    @Test
    void calibratesOverVader() throws Exception {
        calibrate("vader");
    }

    @SuppressWarnings("unchecked")
    private void calibrate(String btl) throws Exception {
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
        assertTrue(Files.readString(out.resolve("mse.log")).contains("--mca btl self," + btl + " "),
                "mpirun was started over " + btl);
        for (Map<String, Object> point : points) {
            assertEquals(2, point.get("np"));
            Map<String, Object> rtt = (Map<String, Object>) point.get("rttMicros");
            // At most the 300 asked for; fewer when the median was stable to 1% first (the phase says which).
            long count = ((Number) rtt.get("count")).longValue();
            Map<String, Object> roundTrips = ((List<Map<String, Object>>) point.get("phases")).get(0);
            assertEquals(count, ((Number) roundTrips.get("samples")).longValue(), "every measured round trip is counted");
            assertTrue(count <= 300 && (count == 300 || "stable".equals(roundTrips.get("stop"))), roundTrips.toString());
            double previous = 0;
            for (String key : List.of("min", "p50", "p90", "p99", "max")) {
                double value = ((Number) rtt.get(key)).doubleValue();
                assertTrue(value > 0 && value >= previous, key + " " + value + " after " + previous + " in " + rtt);
                previous = value;
            }
        }
    }
}
