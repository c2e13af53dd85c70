package mse.mpi.apps.rtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.api.Test;

/** The benchmark's message pattern on ranks as threads: two ranks talk, the others wait and are released. */
class RttBenchmarkTest {

    @Test
    @SuppressWarnings("unchecked")
    void rankZeroReportsEverySizeAndIdleRanksAreReleased() {
        AtomicReference<Map<String, Object>> result = new AtomicReference<>();
        new LocalWorld(4).run(comm -> {
            Map<String, Object> mine = new RttBenchmark(comm, new RttSettings(new long[] {1, 1024}, 5, 50)).run();
            if (comm.rank() == 0) {
                result.set(mine);
            } else {
                assertNull(mine);
            }
        });
        Map<String, Object> r = result.get();
        assertEquals(4, r.get("np"));
        List<Map<String, Object>> points = (List<Map<String, Object>>) r.get("points");
        assertEquals(List.of(1, 1024), points.stream().map(p -> p.get("size")).toList());
        for (Map<String, Object> p : points) {
            Map<String, Object> rtt = (Map<String, Object>) p.get("rttMicros");
            assertEquals(50L, ((Number) rtt.get("count")).longValue());
            Map<String, Object> send = (Map<String, Object>) p.get("sendMicros");
            assertOrdered(rtt);
            assertOrdered(send);
            // Each round trip is timed from before its send to after the echo: it contains the send.
            assertTrue(micros(rtt, "min") >= micros(send, "min"), p.toString());
            assertTrue(micros(rtt, "p50") >= micros(send, "p50"), p.toString());
            assertTrue(micros(rtt, "max") >= micros(send, "max"), p.toString());
            assertEquals(100L, ((Number) ((Map<String, Object>) p.get("recvMicros")).get("count")).longValue(),
                    "at least 100 receives of arrived replies");
        }
    }

    /** A distribution of at least one sample: min <= p50 <= p90 <= p99 <= max, mean within [min, max]. */
    private static void assertOrdered(Map<String, Object> percentiles) {
        double min = micros(percentiles, "min");
        assertTrue(min > 0, percentiles.toString());
        assertTrue(min <= micros(percentiles, "p50") && micros(percentiles, "p50") <= micros(percentiles, "p90")
                && micros(percentiles, "p90") <= micros(percentiles, "p99") && micros(percentiles, "p99") <= micros(percentiles, "max"),
                percentiles.toString());
        double mean = micros(percentiles, "mean");
        assertTrue(min <= mean && mean <= micros(percentiles, "max"), percentiles.toString());
    }

    private static double micros(Map<String, Object> percentiles, String key) {
        return ((Number) percentiles.get(key)).doubleValue();
    }
}
