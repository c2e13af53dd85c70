package mse.emulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The burst rule of {@link NetworkInterface}: a token bucket of depth B G in virtual-scheduling form. */
class NetworkInterfaceBurstTest {

    @Test
    void anIdleLinkPassesUpToItsCreditAtOnce() {
        NetworkInterface in = new NetworkInterface(100);
        assertEquals(1_000, in.pass(1_000, 80, 80), "a message shorter than the credit passes as it reaches");
        NetworkInterface again = new NetworkInterface(100);
        assertEquals(1_250, again.pass(1_000, 350, 350), "a longer one passes the credit's worth sooner: 1000 + 350 - 100");
    }

    @Test
    void aStreamStillPassesOneByteEveryGAfterTheFirstBurst() {
        NetworkInterface in = new NetworkInterface(100);
        long first = in.pass(1_000, 350, 350);
        long second = in.pass(1_000, 350, 350);
        long third = in.pass(1_000, 350, 350);
        assertEquals(1_250, first);
        assertEquals(350, second - first);
        assertEquals(350, third - second);
        assertEquals(1_050, in.busyNanos());
    }

    @Test
    void theCreditRefillsOnlyWithIdleTime() {
        NetworkInterface in = new NetworkInterface(100);
        assertEquals(1_250, in.pass(1_000, 350, 350)); // free again at 1250 in the bucket's schedule
        assertEquals(1_600, in.pass(1_290, 350, 350), "idle 40 ns since it was free: 40 of credit, 1290 + 350 - 40");
        assertEquals(2_290, in.pass(2_290, 50, 50), "idle longer than the credit: a short message passes at once");
    }

    @Test
    void withoutCreditEveryFormulaIsPlainLogGp() {
        SplittableRandom random = new SplittableRandom(3);
        NetworkInterface burst = new NetworkInterface(0);
        long free = 0;
        long reach = 0;
        for (int i = 0; i < 1_000; i++) {
            reach += random.nextLong(0, 500);
            long transfer = random.nextLong(0, 400);
            long occupancy = Math.max(150, transfer);
            long start = Math.max(reach, free);
            assertEquals(start + transfer, burst.pass(reach, occupancy, transfer));
            free = start + occupancy;
        }
    }

    @Test
    void theOutgoingInterfaceNeverLetsAMessageLeaveBeforeItIsReady() {
        NetworkInterface out = new NetworkInterface(100);
        assertEquals(1_000, out.leave(1_000, 350));
        assertEquals(1_250, out.leave(1_000, 350), "the next one waits for the bucket: its credit was used");
        assertTrue(out.nextFree() >= 1_250);
    }

    @Test
    void arrivalsNeverDecreaseInTheOrderTheInterfaceTakesMessages() {
        SplittableRandom random = new SplittableRandom(11);
        NetworkInterface in = new NetworkInterface(700);
        long reach = 0;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < 10_000; i++) {
            reach += random.nextLong(0, 900);
            long transfer = random.nextLong(0, 1_000);
            long arrival = in.pass(reach, Math.max(200, transfer), transfer);
            assertTrue(arrival >= reach, "no message arrives before it reaches");
            assertTrue(arrival >= last, "arrivals in order");
            last = arrival;
        }
    }

    @Test
    void theBucketStartsFull() {
        assertEquals(10, new NetworkInterface(100).pass(10, 80, 80), "at the run's start the link was idle before it");
    }

    @Test
    void aNegativeCreditIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new NetworkInterface(-1));
    }
}
