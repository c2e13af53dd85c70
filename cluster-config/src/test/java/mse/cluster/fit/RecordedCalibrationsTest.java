package mse.cluster.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.cluster.profiles.NetworkProfile;
import org.junit.jupiter.api.Test;

/**
 * The fitter on medians that `calibrate --np 2,3` recorded (summary.json, 2026-11-28, load average 2-5): over the 100
 * Mbit/s namespace network (scripts/netns-cluster.sh, htb, 0.08 us/byte) and over loopback. Sizes from 64 KiB on go
 * through Open MPI tcp's rendezvous (its eager limit is 64 KiB with the header): their trains pay a handshake per
 * message, and G taken from them came out 0.141 us/byte.
 */
class RecordedCalibrationsTest {

    /** `calibrate --np 2,3 --hostfile ... --sizes 1,1K,4K,16K,64K` on the namespace network: rtt, send, recv, gap. */
    private static final List<RttSample> NETWORK_TO_64K = List.of(
            new RttSample(2, 1, 17.359, 7.251, 3.907, 7.439),
            new RttSample(2, 1024, 88.383, 7.603, 4.559, 87.359),
            new RttSample(2, 4096, 350.207, 5.391, 13.527, 344.319),
            new RttSample(2, 16384, 1380.351, 11.447, 22.063, 1380.351),
            new RttSample(2, 65536, 10903.551, 90.495, 5550.079, 9215.999),
            new RttSample(3, 1, 17.391, 7.291, 3.907, 8.815),
            new RttSample(3, 1024, 88.063, 8.759, 4.307, 88.639),
            new RttSample(3, 4096, 350.207, 7.383, 14.231, 348.671),
            new RttSample(3, 16384, 1380.351, 12.455, 22.847, 1382.399),
            new RttSample(3, 65536, 15998.975, 2592.767, 8024.063, 10854.399));

    /** `calibrate --np 2 --sizes 32K,60K,64K,128K --point-seconds 10` on the namespace network. */
    private static final List<RttSample> ACROSS_THE_EAGER_LIMIT = List.of(
            new RttSample(2, 32768, 2748.415, 8.415, 21.439, 2732.031),
            new RttSample(2, 61440, 5148.671, 19.343, 68.735, 5132.287),
            new RttSample(2, 65536, 10911.743, 91.391, 5492.735, 8364.031),
            new RttSample(2, 131072, 21872.639, 139.263, 11010.047, 14467.071));

    /** The same with OMPI_MCA_btl_tcp_eager_limit=262144 (and rndv_eager_limit): every size eager. */
    private static final List<RttSample> EAGER_LIMIT_RAISED = List.of(
            new RttSample(2, 32768, 2748.415, 9.687, 25.311, 2744.319),
            new RttSample(2, 61440, 5148.671, 11.551, 49.631, 5087.231),
            new RttSample(2, 65536, 10788.863, 40.351, 106.559, 5484.543),
            new RttSample(2, 131072, 21741.567, 63.999, 113.343, 10969.087));

    /** `calibrate --np 2,3 --hostfile ... --sizes 1,16,64,256,1K` (validate's sizes) on the namespace network. */
    private static final List<RttSample> NETWORK_DEFAULT = List.of(
            new RttSample(2, 1, 20.335, 7.331, 3.915, 7.459),
            new RttSample(2, 16, 17.279, 7.203, 3.907, 8.319),
            new RttSample(2, 64, 17.151, 7.203, 3.857, 12.159),
            new RttSample(2, 256, 31.759, 7.491, 3.907, 23.263),
            new RttSample(2, 1024, 88.383, 8.823, 4.227, 87.423),
            new RttSample(3, 1, 17.327, 7.223, 3.947, 7.959),
            new RttSample(3, 16, 17.183, 7.143, 3.845, 8.335),
            new RttSample(3, 64, 17.167, 7.111, 3.885, 8.043),
            new RttSample(3, 256, 20.863, 7.583, 3.967, 23.439),
            new RttSample(3, 1024, 88.703, 7.563, 4.299, 88.383));

    /** `calibrate --np 2,3 --sizes 1,16,64,256,1K` over loopback. */
    private static final List<RttSample> LOOPBACK_DEFAULT = List.of(
            new RttSample(2, 1, 16.215, 6.159, 4.347, 6.303),
            new RttSample(2, 16, 16.151, 6.159, 4.167, 6.279),
            new RttSample(2, 64, 16.167, 6.139, 4.167, 6.287),
            new RttSample(2, 256, 16.527, 6.179, 4.367, 6.359),
            new RttSample(2, 1024, 17.535, 6.451, 4.659, 7.003),
            new RttSample(3, 1, 20.671, 5.639, 7.751, 5.879),
            new RttSample(3, 16, 20.351, 5.671, 5.019, 5.855),
            new RttSample(3, 64, 20.495, 5.879, 5.071, 5.995),
            new RttSample(3, 256, 29.535, 4.839, 25.567, 5.919),
            new RttSample(3, 1024, 21.471, 6.119, 5.339, 6.443));

    /** `calibrate --np 2,3 --sizes 1,1K,4K,16K,64K` over loopback: only 64 KiB link-bound, nothing below to compare. */
    private static final List<RttSample> LOOPBACK_TO_64K = List.of(
            new RttSample(2, 1, 16.135, 6.199, 4.319, 6.267),
            new RttSample(2, 1024, 18.591, 6.483, 4.667, 7.227),
            new RttSample(2, 4096, 26.079, 8.519, 5.371, 8.887),
            new RttSample(2, 16384, 42.527, 15.135, 10.279, 15.279),
            new RttSample(2, 65536, 144.639, 62.239, 69.887, 66.623),
            new RttSample(3, 1, 29.759, 4.859, 26.143, 5.803),
            new RttSample(3, 1024, 21.743, 6.323, 5.451, 6.395),
            new RttSample(3, 4096, 33.823, 5.219, 30.959, 8.367),
            new RttSample(3, 16384, 45.471, 14.031, 31.311, 10.615),
            new RttSample(3, 65536, 156.671, 69.183, 77.503, 73.407));

    private static NetworkFit fit(List<RttSample> samples) {
        return NetworkFitter.fit(samples, "fit", "test");
    }

    @Test
    void rendezvousSizesLeaveGToTheLargestEagerOneAndGiveS() {
        NetworkFit fit = fit(NETWORK_TO_64K);
        NetworkProfile n = fit.network();
        assertEquals(1380.351 / 16384, n.gapPerByteMicros(), 1e-12, "G from 16 KiB's trains, not 64 KiB's 0.141");
        assertEquals(0.08, n.gapPerByteMicros(), 0.08 * 0.10, "the shaped link's 100 Mbit/s, within 10%");
        assertEquals(65536, n.syncThresholdBytes(), "64 KiB went through the rendezvous");
        assertEquals(List.of(1L, 1024L, 4096L, 16384L), fit.linkRateSizes(), "B comes from 16 KiB's idle trains");
        assertTrue(fit.sources().get(1).contains("[1, 1024, 4096, 16384] below the rendezvous switch (link-bound: "
                + "[1, 1024, 4096, 16384, 65536])"), fit.sources().get(1));
        assertTrue(fit.sources().get(3).startsWith("S   = 65536 bytes: trains and arrived receives"), fit.sources().get(3));
        assertTrue(fit.notes().stream().anyMatch(note -> note.startsWith("S = 65536 bytes: from there on the trains' gap per "
                + "byte rose")), fit.notes().toString());
    }

    @Test
    void theSwitchIsWhereTheEagerLimitIsAndGoneWhenItIsRaised() {
        NetworkFit across = fit(ACROSS_THE_EAGER_LIMIT);
        assertEquals(65536, across.network().syncThresholdBytes());
        assertEquals(5132.287 / 61440, across.network().gapPerByteMicros(), 1e-12, "G from 60 KiB, the largest eager size");
        NetworkFit raised = fit(EAGER_LIMIT_RAISED);
        assertEquals(0, raised.network().syncThresholdBytes(), raised.notes().toString());
        assertEquals(10969.087 / 131072, raised.network().gapPerByteMicros(), 1e-12, "every size eager: G from the largest");
        assertEquals(List.of(32768L, 61440L, 65536L, 131072L), raised.linkRateSizes());
    }

    @Test
    void aStepInTheTrainsWithoutAWaitingReceiveIsNoSwitch() {
        // 64 KiB's arrived receive as an eager one's (60 KiB: 69 us): a slow train alone is noise, not a handshake.
        List<RttSample> samples = NETWORK_TO_64K.stream().map(s -> s.bytes() < 65536 ? s
                : new RttSample(s.processes(), s.bytes(), s.rttMicros(), s.sendMicros(), 69, s.gapMicros())).toList();
        NetworkFit fit = fit(samples);
        assertEquals(9215.999 / 65536, fit.network().gapPerByteMicros(), 1e-12);
        assertEquals(List.of(1L, 1024L, 4096L, 16384L, 65536L), fit.linkRateSizes());
        assertTrue(fit.notes().stream().noneMatch(note -> note.startsWith("S = 65536 bytes: from there on")), fit.notes().toString());
    }

    @Test
    void validatesDefaultSizesFitAsBefore() {
        // What calibrate printed with the fitter before the switch (main at 1c25d50) for the same medians.
        NetworkProfile n = fit(NETWORK_DEFAULT).network();
        assertEquals(0.0853740234375, n.gapPerByteMicros(), 1e-12, "G");
        assertEquals(7.459, n.gapMicros(), 1e-12, "g");
        assertEquals(0, n.syncThresholdBytes(), "S");
        assertEquals(0.0, n.latencyMicros(), 1e-12, "L");
        assertEquals(6.2781208964034985, n.sendOverhead().baseMicros(), 1e-9, "o_s");
        assertEquals(0.0009107199129673687, n.sendOverhead().perByteMicros(), 1e-12, "O_s");
        assertEquals(3.063403449954407, n.recvOverhead().baseMicros(), 1e-9, "o_r");
        assertEquals(0.00036750210532622893, n.recvOverhead().perByteMicros(), 1e-12, "O_r");
    }

    @Test
    void loopbackFitsAsBefore() {
        NetworkFit loopback = fit(LOOPBACK_DEFAULT);
        NetworkProfile n = loopback.network();
        // Changed with 428130a: 1 KiB's train gap (7.0 us) is within the link margin of 1 byte's (6.3 us), a per-message
        // limit, so G comes from the round trips (RTT grew 1.3 us from 1 byte to 1 KiB) instead of 7.0 us / 1,024 bytes
        // = 0.00684 us/byte, which fitted the 1 KiB round trip at 31 us against the 17.5 measured.
        assertEquals(1.1151804373440801E-4, n.gapPerByteMicros(), 1e-12, "G");
        assertTrue(loopback.sources().get(1).contains("limited per message"), loopback.sources().get(1));
        assertTrue(loopback.points().stream().filter(p -> p.processes() == 2).allMatch(p -> Math.abs(p.residualPercent()) < 2),
                loopback.points().toString());
        assertEquals(0, n.gapMicros(), "g");
        assertEquals(0, n.syncThresholdBytes(), "S");
        // With no G from the trains no size counts as paced, so L and the bases come from the line through all sizes, 1 KiB
        // included (before: 1 to 256 bytes, 1 KiB being 'paced' by the 0.00684 us/byte): o_s 1.608 -> 2.397 us, o_r 0.337
        // -> 0.502 us, its P term 2.873 -> 2.598 us.
        assertEquals(2.397019635200518, n.sendOverhead().baseMicros(), 1e-9, "o_s");
        assertEquals(0.5022194809439414, n.recvOverhead().baseMicros(), 1e-9, "o_r");
        assertEquals(2.597967828920956, n.recvOverhead().perProcessMicros(), 1e-9, "o_r's P term");
        NetworkProfile to64k = fit(LOOPBACK_TO_64K).network();
        assertEquals(0.0010165863037109376, to64k.gapPerByteMicros(), 1e-12, "G");
        assertEquals(0, to64k.syncThresholdBytes(), "S");
        assertEquals(0.0004527396174981856, to64k.recvOverhead().perByteMicros(), 1e-12, "O_r");
    }
}
