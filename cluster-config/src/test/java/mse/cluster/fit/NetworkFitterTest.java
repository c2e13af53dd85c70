package mse.cluster.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.NetworkProfile.Overhead;
import org.junit.jupiter.api.Test;

/** The fitter against round trips generated from known parameters: seed 001 Table 2 (MSE row). */
class NetworkFitterTest {

    private static final NetworkProfile TABLE_2 = new NetworkProfile("table-2", "seed 001, Table 2", 50.0, 0,
            0.0268, 0, new Overhead(12.1, 0.182, 0.0708), new Overhead(12.1, 0.182, 0.0722));
    private static final long[] SIZES = {1, 16, 64, 256, 1024, 4096, 16384, 65536};

    /** What the benchmark would measure on the Table 2 network, each median off by Gaussian noise. */
    private static List<RttSample> measure(NetworkProfile n, int[] processes, long[] sizes, double noise, long seed) {
        Random random = new Random(seed);
        List<RttSample> samples = new ArrayList<>();
        for (int p : processes) {
            for (long k : sizes) {
                double send = n.sendOverhead().micros(p, k);
                double recv = n.recvOverhead().micros(p, k);
                double rtt = 2 * (send + n.latencyMicros() + k * n.gapPerByteMicros() + recv);
                // A train's messages each cost the most of the two CPUs and the link (LogGP, one interface each way).
                double gap = Math.max(Math.max(send, recv), Math.max(n.gapMicros(), k * n.gapPerByteMicros()));
                samples.add(new RttSample(p, k, rtt * (1 + noise * random.nextGaussian()),
                        send * (1 + noise * random.nextGaussian()), recv * (1 + noise * random.nextGaussian()),
                        gap * (1 + noise * random.nextGaussian())));
            }
        }
        return samples;
    }

    private static void assertWithin(double expected, double actual, double fraction, String what) {
        assertEquals(expected, actual, Math.abs(expected) * fraction, what);
    }

    @Test
    void recoversTable2FromNoisyRoundTripsWithin2Percent() {
        // 0.5% noise on every median (about what 10,000 round trips give on a quiet machine), at the P of Table 1.
        // The P term is the smallest effect, so it needs P far apart: at P = 2..16 it moves the RTT by 7% only.
        NetworkFit fit = NetworkFitter.fit(measure(TABLE_2, new int[] {2, 16, 64}, SIZES, 0.005, 42), "fit", "test");
        NetworkProfile n = fit.network();
        assertWithin(50.0, n.latencyMicros(), 0.02, "L");
        assertWithin(0.0268, n.gapPerByteMicros(), 0.02, "G");
        assertWithin(12.1, n.sendOverhead().baseMicros(), 0.02, "o'a send");
        assertWithin(12.1, n.recvOverhead().baseMicros(), 0.02, "o'a recv");
        assertWithin(0.0708, n.sendOverhead().perByteMicros(), 0.02, "O send");
        assertWithin(0.0722, n.recvOverhead().perByteMicros(), 0.02, "O recv");
        // Only the sum of the P terms is fixed by the round trips; the send call shows its own share.
        assertWithin(0.364, n.sendOverhead().perProcessMicros() + n.recvOverhead().perProcessMicros(), 0.02, "o'b sum");
        assertWithin(0.182, n.sendOverhead().perProcessMicros(), 0.10, "o'b send");
        assertEquals(0, n.syncThresholdBytes(), "a straight line has no S");
        assertTrue(fit.worstResidualPercent() < 2.0, "worst residual " + fit.worstResidualPercent());
    }

    @Test
    void twoPIsThePapersPairOfEquations() {
        NetworkFit fit = NetworkFitter.fit(measure(TABLE_2, new int[] {2, 8}, new long[] {1, 1024}, 0, 1), "fit", "test");
        NetworkProfile n = fit.network();
        assertEquals(12.1, n.recvOverhead().baseMicros(), 1e-6);
        assertEquals(0.182, n.recvOverhead().perProcessMicros(), 1e-6);
        assertEquals(50.0, n.latencyMicros(), 1e-6);
        assertEquals(0.0268, n.gapPerByteMicros(), 1e-9);
    }

    @Test
    void onePLeavesThePTermOutAndSaysSo() {
        NetworkFit fit = NetworkFitter.fit(measure(TABLE_2, new int[] {2}, SIZES, 0, 1), "fit", "test");
        assertEquals(0, fit.network().recvOverhead().perProcessMicros());
        assertTrue(fit.notes().stream().anyMatch(note -> note.contains("one P only")));
        // The P = 2 contribution moves into the bases, so the RTT at P = 2 is still met.
        assertTrue(fit.worstResidualPercent() < 1e-6);
    }

    @Test
    void findsTheRendezvousBreak() {
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(TABLE_2, new int[] {2, 8}, SIZES, 0.002, 7)) {
            // Past 16 KiB a handshake round trip (2 L) and a slower copy path are added.
            double extra = s.bytes() >= 16384 ? 2 * (100 + 0.05 * s.bytes()) : 0;
            samples.add(new RttSample(s.processes(), s.bytes(), s.rttMicros() + extra, s.sendMicros(), s.recvMicros(), s.gapMicros()));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        assertEquals(16384, fit.network().syncThresholdBytes());
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith("S = 16384 bytes")), fit.notes().toString());
    }

    @Test
    void aBreakThatOnlyOnePShowsIsNoRendezvousLimit() {
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(TABLE_2, new int[] {2, 8}, SIZES, 0.002, 7)) {
            // At P = 2 only, sizes from 1 KiB wait for a shaper's tokens: a disturbance, not a protocol switch.
            double extra = s.processes() == 2 && s.bytes() >= 1024 ? 4000 : 0;
            samples.add(new RttSample(s.processes(), s.bytes(), s.rttMicros() + extra, s.sendMicros(), s.recvMicros(), s.gapMicros()));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        assertEquals(0, fit.network().syncThresholdBytes());
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith(
                "the RTT curves broke at different sizes (P = 2: 1024 bytes; P = 8: none)")), fit.notes().toString());
    }

    @Test
    void trainsGiveGAndGWhereTheLinkLimitsAStream() {
        // A 100 Mbit/s link (0.08 us/byte) behind a token bucket: isolated round trips pass at a quarter of the per-byte
        // cost, while trains pay the link plus 106 bytes of framing per message (so 8.5 us for the smallest). From
        // 1 KiB on the round trips wait for the bucket's tokens too (+60 us each way, at every P): a bend, not a rendezvous.
        NetworkProfile link = new NetworkProfile("link", "test", 20, 0, 0.02, 0, new Overhead(3, 0.2, 0.001),
                new Overhead(2, 0.3, 0.002));
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(link, new int[] {2, 3}, new long[] {1, 16, 64, 256, 1024, 4096}, 0.003, 11)) {
            double train = Math.max((s.bytes() + 106) * 0.08, s.gapMicros());
            double bucket = s.bytes() >= 1024 ? 120 : 0;
            samples.add(new RttSample(s.processes(), s.bytes(), s.rttMicros() + bucket, s.sendMicros(), s.recvMicros(), train));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        // The largest size's gap per byte, its framing included: (4096 + 106) * 0.08 / 4096 = 0.0821 us/byte.
        assertWithin(4202 * 0.08 / 4096, fit.network().gapPerByteMicros(), 0.01, "G from the largest size's trains");
        assertWithin(107 * 0.08, fit.network().gapMicros(), 0.02, "g: the smallest messages' sustained gap");
        assertTrue(fit.sources().get(1).startsWith("G   = 0.082") && fit.sources().get(1).contains("trains")
                && fit.sources().get(1).contains("[1, 16, 64, 256, 1024, 4096]"), fit.sources().get(1));
        assertEquals(0, fit.network().syncThresholdBytes(), "the bucket's bend is no rendezvous limit");
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith("the RTT curves break at 1024 bytes, where the trains "
                + "show the link limiting the stream")), fit.notes().toString());
        assertTrue(fit.sources().get(2).startsWith("g   = 8.56") && fit.sources().get(2).contains("trains"), fit.sources().get(2));
        // The round trips ran ahead of the sustained rate: the fitted RTT of the largest size is above the measured.
        assertTrue(fit.points().get(5).residualPercent() > 20, fit.points().toString());
    }

    @Test
    void whereTheLinkPacesLargeRoundTripsSmallMessagesKeepTheirMeasuredOneWay() {
        // The shaped namespace network's shape (2026-11-27): small round trips 17 us; from 256 bytes on each way waits
        // for the 100 Mbit/s link (RTT = 2 k G at most), which a line through all sizes spreads over the small ones.
        NetworkProfile link = new NetworkProfile("link", "test", 2, 0, 0.001, 0, new Overhead(4, 0.2, 0.001),
                new Overhead(2, 0.2, 0.0005));
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(link, new int[] {2, 3}, new long[] {1, 16, 64, 256, 1024}, 0, 1)) {
            double paced = Math.max(s.rttMicros(), 2 * s.bytes() * 0.085);
            samples.add(new RttSample(s.processes(), s.bytes(), paced, s.sendMicros(), s.recvMicros(),
                    Math.max(8, s.bytes() * 0.085)));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        for (FittedPoint p : fit.points().stream().filter(p -> p.bytes() == 1).toList()) {
            assertWithin(p.measuredRttMicros(), p.fittedRttMicros(), 0.02, "the smallest message's RTT " + p);
        }
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith("L and the overheads' bases from the sizes the link "
                + "hardly paces ([1, 16] bytes")), fit.notes().toString());
    }

    @Test
    void anRttThatFellWithPIsFittedWithoutAPTermThroughTheMiddleOfBoth() {
        // Noise made P = 3 faster than P = 2 (the namespace network, 2026-11-27: 17.3-20.1 us against 16.5-17.2 us).
        NetworkProfile flat = new NetworkProfile("flat", "test", 2, 0, 0.001, 0, new Overhead(4, 0, 0.001),
                new Overhead(2, 0, 0.0005));
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(flat, new int[] {2, 3}, new long[] {1, 16, 64}, 0, 1)) {
            double shift = s.processes() == 2 ? 1.05 : 0.95;
            samples.add(new RttSample(s.processes(), s.bytes(), s.rttMicros() * shift, s.sendMicros(), s.recvMicros(), s.gapMicros()));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        assertEquals(0, fit.network().sendOverhead().perProcessMicros() + fit.network().recvOverhead().perProcessMicros());
        for (FittedPoint p : fit.points()) {
            assertTrue(Math.abs(p.residualPercent()) < 6, "between both P's measurements: " + p);
        }
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith("RTT did not grow with P")), fit.notes().toString());
    }

    @Test
    void trainsWhoseGapDoesNotGrowWithSizeGiveGButNoG() {
        // Loopback's shape (2026-11-28): every size's train ran at 4.8-5.1 us a message, above the timed calls' 2-3 us,
        // while round trips grew by less than 1 us up to 1 KiB: a per-message limit, no per-byte one.
        NetworkProfile loopback = new NetworkProfile("loopback", "test", 0.5, 0, 0.0003, 0, new Overhead(3, 0, 0.0001),
                new Overhead(2.5, 0, 0.0002));
        List<RttSample> samples = new ArrayList<>();
        for (RttSample s : measure(loopback, new int[] {2, 3}, new long[] {1, 16, 64, 256, 1024}, 0, 5)) {
            samples.add(new RttSample(s.processes(), s.bytes(), s.rttMicros(), s.sendMicros(), s.recvMicros(),
                    4.8 + s.bytes() * 0.00025));
        }
        NetworkFit fit = NetworkFitter.fit(samples, "fit", "test");
        assertWithin(4.8, fit.network().gapMicros(), 0.01, "g: the per-message limit");
        assertWithin(0.0003 + 0.0001 + 0.0002, fit.network().gapPerByteMicros() + fit.network().sendOverhead().perByteMicros()
                + fit.network().recvOverhead().perByteMicros(), 0.05, "the round trips' per-byte cost");
        for (FittedPoint p : fit.points()) {
            assertTrue(Math.abs(p.residualPercent()) < 2, "the round trips keep their fit: " + p);
        }
        assertTrue(fit.sources().get(1).contains("round trips") && fit.sources().get(1).contains("limited per message"),
                fit.sources().get(1));
    }

    @Test
    void whereTheOverheadsLimitEveryStreamGAndGComeFromTheRoundTrips() {
        // Table 2's per-byte overheads exceed its G: a stream is as fast as the receiver's CPU, never the link's.
        NetworkFit fit = NetworkFitter.fit(measure(TABLE_2, new int[] {2, 8}, SIZES, 0, 3), "fit", "test");
        assertEquals(0, fit.network().gapMicros());
        assertTrue(fit.sources().get(1).contains("no train was link-bound"), fit.sources().get(1));
        assertTrue(fit.sources().get(2).startsWith("g   = 0: folded into o"), fit.sources().get(2));
    }

    @Test
    void oneSizeCannotSeparateLatencyFromBandwidth() {
        assertThrows(IllegalArgumentException.class,
                () -> NetworkFitter.fit(measure(TABLE_2, new int[] {2, 8}, new long[] {1}, 0, 1), "fit", "test"));
    }
}
