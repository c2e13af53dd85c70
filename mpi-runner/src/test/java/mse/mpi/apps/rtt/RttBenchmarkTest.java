package mse.mpi.apps.rtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.api.Test;

/** The benchmark's message pattern on ranks as threads: two ranks talk, the others wait and are released. */
class RttBenchmarkTest {

    @Test
    void rankZeroReportsEverySizeAndIdleRanksAreReleased() {
        AtomicReference<RttResult> result = new AtomicReference<>();
        new LocalWorld(4).run(comm -> {
            RttResult mine = new RttBenchmark(comm, new RttSettings(new long[] {1, 1024}, 5, 50)).run();
            if (comm.rank() == 0) {
                result.set(mine);
            } else {
                assertNull(mine);
            }
        });
        RttResult r = result.get();
        assertEquals(4, r.np());
        assertEquals(List.of(1L, 1024L), r.points().stream().map(RttResult.Point::size).toList());
        for (RttResult.Point p : r.points()) {
            RttResult.Percentiles rtt = p.rttMicros();
            assertEquals(50L, rtt.count());
            RttResult.Percentiles send = p.sendMicros();
            assertOrdered(rtt);
            assertOrdered(send);
            // Each round trip is timed from before its send to after the echo: it contains the send.
            assertTrue(rtt.min() >= send.min(), p.toString());
            assertTrue(rtt.p50() >= send.p50(), p.toString());
            assertTrue(rtt.max() >= send.max(), p.toString());
            assertEquals(100L, p.recvMicros().count(), "at least 100 receives of arrived replies");
        }
    }

    /** A distribution of at least one sample: min <= p50 <= p90 <= p99 <= max, mean within [min, max]. */
    private static void assertOrdered(RttResult.Percentiles p) {
        assertTrue(p.min() > 0, p.toString());
        assertTrue(p.min() <= p.p50() && p.p50() <= p.p90() && p.p90() <= p.p99() && p.p99() <= p.max(), p.toString());
        assertTrue(p.min() <= p.mean() && p.mean() <= p.max(), p.toString());
    }
}
