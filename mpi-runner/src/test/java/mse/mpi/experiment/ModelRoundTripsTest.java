package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import mse.cluster.fit.FittedPoint;
import mse.cluster.fit.NetworkFit;
import mse.cluster.profiles.NetworkModelName;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.NetworkProfile.Overhead;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** calibrate's fitted round trips: the model's own replay of the benchmark's ping-pong. */
class ModelRoundTripsTest {

    /** The 100 Mbit/s namespace network as calibrate fitted it (2026-11-28 16:30): G 0.0852 us/byte, B 5,906 bytes. */
    private static final NetworkProfile SHAPED = new NetworkProfile("t", "t", 0, 7.391, 0.085187, 0,
            new Overhead(5.327, 0, 0.002078), new Overhead(3.408, 0, 0.002168), NetworkModelName.LOGGPS).withBurstBytes(5906);

    /** Seed 001's Table 2 network, no burst: the formula. */
    private static final NetworkProfile TABLE_2 = new NetworkProfile("t", "t", 50, 0, 0.0268, 0,
            new Overhead(12.1, 0.182, 0.0708), new Overhead(12.1, 0.182, 0.0722), NetworkModelName.LOGGPS);

    private static double formula(NetworkProfile n, int p, long k) {
        return 2 * (n.sendOverhead().micros(p, k) + n.latencyMicros() + k * n.gapPerByteMicros() + n.recvOverhead().micros(p, k));
    }

    @Test
    void withoutABurstTheReplayIsTheFormula() {
        for (long k : new long[] {1, 1024, 65536}) {
            double replayed = ModelRoundTrips.medianRoundTrip(new LogGpsModel(TABLE_2, 8), k) / 1e3;
            assertEquals(formula(TABLE_2, 8, k), replayed, 0.01, k + " bytes");
        }
    }

    @Test
    void withABurstTheLinksRateBoundsTheRoundTripOnceTheBurstIsSpent() {
        // Measured on that network: 1 byte 17.9 us, 256 bytes 19.9 us, 1 KiB 88.1 us; the formula said 201 us for 1 KiB.
        assertEquals(2 * (5.327 + 0.002078 + 3.408 + 0.002168), ModelRoundTrips.medianRoundTrip(new LogGpsModel(SHAPED, 2), 1) / 1e3,
                0.01, "1 byte: the overheads");
        assertEquals(1024 * 0.085187, ModelRoundTrips.medianRoundTrip(new LogGpsModel(SHAPED, 2), 1024) / 1e3, 2.0,
                "1 KiB: one kG, both ways in parallel");
        assertEquals(201, formula(SHAPED, 2, 1024), 1);
    }

    @Test
    void synchronousSizesKeepTheFormula() {
        NetworkProfile rendezvous = new NetworkProfile("t", "t", 0, 7.391, 0.085187, 65536, SHAPED.sendOverhead(),
                SHAPED.recvOverhead(), NetworkModelName.LOGGPS).withBurstBytes(5906);
        FittedPoint large = new FittedPoint(2, 65536, 10903.6, formula(rendezvous, 2, 65536));
        FittedPoint small = new FittedPoint(2, 1024, 88.1, formula(rendezvous, 2, 1024));
        NetworkFit replayed = ModelRoundTrips.replayed(new NetworkFit(rendezvous, List.of(small, large), List.of(), List.of(), List.of()));
        assertSame(large, replayed.points().get(1));
        assertEquals(1024 * 0.085187, replayed.points().get(0).fittedRttMicros(), 2.0);
    }
}
