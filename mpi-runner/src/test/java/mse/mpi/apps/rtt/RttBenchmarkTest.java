package mse.mpi.apps.rtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's message pattern on ranks as threads: two ranks talk, the others wait and are released; every phase
 * stops for the reason it says (sample cap, precision reached, time budget).
 */
class RttBenchmarkTest {

    private static final List<String> PHASES = List.of("round trips", "arrived receives", "trains", "idle trains");

    private static RttResult run(int ranks, RttSettings settings) {
        AtomicReference<RttResult> result = new AtomicReference<>();
        new LocalWorld(ranks).run(comm -> {
            RttResult mine = new RttBenchmark(comm, settings).run();
            if (comm.rank() == 0) {
                result.set(mine);
            } else {
                assertNull(mine);
            }
        });
        return result.get();
    }

    @Test
    void rankZeroReportsEverySizeAndIdleRanksAreReleased() {
        // A precision no sample reaches: every phase runs to its cap.
        RttResult r = run(4, new RttSettings(new long[] {1, 1024}, 5, 50, 1e-9, 600));
        assertEquals(4, r.np());
        assertEquals(List.of(1L, 1024L), r.points().stream().map(RttResult.Point::size).toList());
        for (RttResult.Point p : r.points()) {
            RttResult.Percentiles rtt = p.rttMicros();
            assertEquals(50L, rtt.count());
            RttResult.Percentiles send = p.sendMicros();
            assertOrdered(rtt);
            assertOrdered(send);
            assertOrdered(p.gapMicros());
            // Each round trip is timed from before its send to after the echo: it contains the send.
            assertTrue(rtt.min() >= send.min(), p.toString());
            assertTrue(rtt.p50() >= send.p50(), p.toString());
            assertTrue(rtt.max() >= send.max(), p.toString());
            assertEquals(100L, p.recvMicros().count(), "at least 100 receives of arrived replies");
            assertEquals(50L, p.gapMicros().count(), "one gap per train");
            assertEquals(1024, p.trainMessages(), "1 MiB trains, at most 1024 messages");
            assertEquals(PHASES, p.phases().stream().map(RttResult.Phase::name).toList());
            assertEquals(List.of(50L, 100L, 50L, 100L), p.phases().stream().map(RttResult.Phase::samples).toList());
            assertEquals(100L, p.idleTrainMicros().count(), "idle trains: capped as the arrived receives");
            assertEquals(p.size() == 1 ? 64 : 16, p.idleTrainMessages(), "about 16 KiB, at most 64 messages");
            assertOrdered(p.idleTrainMicros());
            p.phases().forEach(phase -> assertEquals("sample cap", phase.stop(), phase.toString()));
        }
    }

    @Test
    void aLoosePrecisionStopsEachPhaseOnceItsMedianIsKnown() {
        RttResult r = run(2, new RttSettings(new long[] {64}, 0, 10_000, 0.99, 600));
        RttResult.Point p = r.points().get(0);
        for (RttResult.Phase phase : p.phases()) {
            assertEquals("stable", phase.stop(), phase.toString());
            // Never before the least sample count, and long before the cap (threads' timings vary, so no exact count).
            assertTrue(phase.samples() >= MedianPrecision.MIN_SAMPLES && phase.samples() < 1000, phase.toString());
            assertTrue(phase.precisionPercent() <= 99, phase.toString());
        }
        assertTrue(p.describeStops().matches("64 B: round trips [0-9]+ \\(median \\+-[0-9.]+%, stable\\), .*"), p.describeStops());
    }

    @Test
    void aSpentBudgetStopsEveryPhase() {
        RttResult r = run(2, new RttSettings(new long[] {16}, 1000, 10_000, 1e-9, 1e-6));
        RttResult.Point p = r.points().get(0);
        p.phases().forEach(phase -> {
            assertEquals("time budget", phase.stop(), phase.toString());
            assertEquals(1L, phase.samples(), "the deadline had passed after the first sample: " + phase);
        });
        assertTrue(p.describeStops().contains("(median too few to say, time budget)"), p.describeStops());
    }

    @Test
    void idleTrainsCarryAbout16KibWithin2To64Messages() {
        assertEquals(64, SizeMeasurement.idleTrainMessages(1));
        assertEquals(16, SizeMeasurement.idleTrainMessages(1024));
        assertEquals(2, SizeMeasurement.idleTrainMessages(65536));
    }

    @Test
    void trainsCarryAboutAMebibyteWithin16To1024Messages() {
        assertEquals(1024, SizeMeasurement.trainMessages(1));
        assertEquals(1024, SizeMeasurement.trainMessages(1024));
        assertEquals(256, SizeMeasurement.trainMessages(4096));
        assertEquals(16, SizeMeasurement.trainMessages(65536));
        assertEquals(16, SizeMeasurement.trainMessages(1 << 20));
    }

    /** A distribution of at least one sample: min <= p50 <= p90 <= p99 <= max, mean within [min, max]. */
    private static void assertOrdered(RttResult.Percentiles p) {
        assertTrue(p.min() > 0, p.toString());
        assertTrue(p.min() <= p.p50() && p.p50() <= p.p90() && p.p90() <= p.p99() && p.p99() <= p.max(), p.toString());
        assertTrue(p.min() <= p.mean() && p.mean() <= p.max(), p.toString());
    }
}
