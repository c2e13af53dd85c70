package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mse.emulator.kernel.MessageRecord;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class MasterQueueTest {

    private static final ActorTestKit TEST_KIT = ActorTestKit.create();

    @AfterAll
    static void shutdown() {
        TEST_KIT.shutdownTestKit();
    }

    /** A message src -> dst sent at `send`, arriving at `arrival`, received from `start` to `end`. */
    private static MessageRecord message(long seq, int src, int dst, long send, long arrival, long start, long end) {
        return new MessageRecord(seq, src, dst, 2, 8, send, send, arrival, start, end, false);
    }

    @Test
    void queueWaitLengthAndSlaveWaitFromDeliveredMessages() {
        ActorRef<MasterQueue.Command> queue = TEST_KIT.spawn(MasterQueue.create(0));
        // Two results reach the busy master at 100 and 110 us; it takes them at 100 and 150.
        queue.tell(new MasterQueue.Delivered(message(1, 1, 0, 50_000, 100_000, 100_000, 150_000)));
        queue.tell(new MasterQueue.Delivered(message(2, 2, 0, 60_000, 110_000, 150_000, 200_000)));
        // The master answers slave 2: it completes that receive at 400 us, 340 us after its request.
        queue.tell(new MasterQueue.Delivered(message(3, 0, 2, 200_000, 300_000, 300_000, 400_000)));
        TestProbe<MasterQueue.Summary> probe = TEST_KIT.createTestProbe();
        queue.tell(new MasterQueue.Summarize(probe.getRef()));
        MasterQueue.Summary summary = probe.receiveMessage();

        assertEquals(0, summary.master());
        assertEquals(2, summary.histograms().queueWaitNanos().getTotalCount());
        assertEquals(40_000, summary.histograms().queueWaitNanos().getMaxValue(), 40);
        // When the second arrived the first was already being received, so nothing was queued ahead of it.
        assertEquals(0, summary.histograms().queueLength().getMaxValue());
        assertEquals(2, summary.histograms().queueLength().getTotalCount());
        assertEquals(340_000, summary.histograms().slaveWaitNanos().getMaxValue(), 340);
        assertEquals(1, summary.histograms().slaveWaitNanos().getTotalCount());
    }
}
