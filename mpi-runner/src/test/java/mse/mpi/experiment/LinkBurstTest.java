package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.cluster.fit.NetworkFit;
import mse.cluster.profiles.NetworkModelName;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.NetworkProfile.Overhead;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** calibrate's burst: the model's replay of an idle train read back to the credit that produced it. */
class LinkBurstTest {

    /** The 100 Mbit/s namespace network as calibrate fitted it (2026-11-27): G 0.0854 us/byte, g 7.4 us, L 0. */
    private static final NetworkProfile SHAPED = new NetworkProfile("t", "t", 0, 7.375, 0.085374, 0,
            new Overhead(4.539, 0.2548, 0.00147), new Overhead(2.132, 0.1537, 0.000459), NetworkModelName.LOGGPS);

    private static NetworkFit fit() {
        return new NetworkFit(SHAPED, List.of(), List.of(), List.of("G from trains"), List.of(1L, 1024L));
    }

    @Test
    void theBurstThatMadeAnIdleTrainIsFoundAgain() {
        for (long burst : new long[] {800, 1_600, 6_000}) {
            long credit = Math.round(burst * SHAPED.gapPerByteMicros() * 1000);
            long measured = LinkBurst.replay(new LogGpsModel(SHAPED, 2), credit, 1024, 16, 8);
            NetworkFit found = LinkBurst.fit(fit(), 2, 1024, 16, measured / 1e3, 8);
            assertEquals(burst, found.network().burstBytes(), 1.0, "burst " + burst);
            assertTrue(found.sources().get(found.sources().size() - 1).startsWith("B   = "), found.sources().toString());
        }
    }

    @Test
    void aTrainNoFasterThanTheModelWithoutABurstGivesNone() {
        long without = LinkBurst.replay(new LogGpsModel(SHAPED, 2), 0, 1024, 16, 8);
        assertEquals(0, LinkBurst.fit(fit(), 2, 1024, 16, without / 1e3, 8).network().burstBytes());
        assertEquals(0, LinkBurst.fit(fit(), 2, 1024, 16, 0.98 * without / 1e3, 8).network().burstBytes(),
                "2% faster is within the noise");
        NetworkFit slower = LinkBurst.fit(fit(), 2, 1024, 16, 2 * without / 1e3, 8);
        assertEquals(0, slower.network().burstBytes());
        assertTrue(slower.sources().get(slower.sources().size() - 1).endsWith("(no faster than the model: no burst)"),
                "a slower train is not called within the noise: " + slower.sources());
    }

    @Test
    void aTrainThatPassedWholeAtOnceSaysTheBurstIsAtLeastTheTrain() {
        NetworkFit found = LinkBurst.fit(fit(), 2, 1024, 16, 20.0, 8);
        assertEquals(16 * 1024, found.network().burstBytes(), 1.0);
        assertTrue(found.notes().get(found.notes().size() - 1).contains("at least the train's 16384 bytes"), found.notes().toString());
    }

    @Test
    void theReplaySpeedsUpWithTheCreditAndKeepsTheStreamsRate() {
        LogGpsModel model = new LogGpsModel(SHAPED, 2);
        long without = LinkBurst.replay(model, 0, 1024, 16, 8);
        long withCredit = LinkBurst.replay(model, 100_000, 1024, 16, 8);
        assertEquals(100_000, without - withCredit, 2_000, "one credit's worth sooner, give or take the request's share");
        long longer = LinkBurst.replay(model, 100_000, 1024, 32, 8);
        assertEquals(16 * model.interfaceNanos(1024), longer - withCredit, 1.0, "then one message every k G");
    }
}
