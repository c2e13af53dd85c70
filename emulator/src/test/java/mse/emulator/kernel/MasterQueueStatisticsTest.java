package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MasterQueueStatisticsTest {

    private static MessageRecord message(long seq, int src, int dst, long send, long arrival, long start, long end) {
        return new MessageRecord(seq, src, dst, 0, 8, send, send + 10, arrival, start, end, false);
    }

    @Test
    void queueLengthCountsArrivedButNotYetReceivedMessages() {
        List<MessageRecord> records = List.of(
                message(0, 1, 0, 0, 100, 100, 150),   // received at once
                message(1, 2, 0, 0, 120, 150, 200),   // arrives while the master receives seq 0: queue 0
                message(2, 3, 0, 0, 130, 200, 250),   // seq 1 still waiting: queue 1
                message(3, 1, 0, 0, 200, 250, 300));  // seq 1 being received at 150, seq 2 starts at 200: queue 0
        List<Integer> lengths = new ArrayList<>();
        List<Long> waits = new ArrayList<>();
        MasterQueueStatistics.measure(records, 0, sink(lengths, waits, new ArrayList<>()));
        assertEquals(List.of(0, 0, 1, 0), lengths);
        assertEquals(List.of(0L, 30L, 70L, 50L), waits);
    }

    @Test
    void slaveWaitRunsFromRequestToTheNextCompletedReceive() {
        List<MessageRecord> records = List.of(
                message(0, 1, 0, 1000, 1100, 1100, 1150),  // slave 1 requests at 1000
                message(1, 0, 1, 1150, 1250, 1250, 1300)); // its next task completes at 1300
        List<Long> slaveWaits = new ArrayList<>();
        MasterQueueStatistics.measure(records, 0, sink(new ArrayList<>(), new ArrayList<>(), slaveWaits));
        assertEquals(List.of(300L), slaveWaits);
    }

    /**
     * --prefetch: slave 1 holds task B when it sends result A at 1000, and receives B at 1020, before the master
     * takes A at 1200; the kernel may settle B's receive first. The wait is paired in virtual time all the same
     * (B ends A's wait: 1030 - 1000), and the master's next message, C at 1500, ends the wait of result D (1400).
     */
    @Test
    void aPrefetchedTaskSettledBeforeTheResultItFollowsEndsThatResultsWait() {
        List<MessageRecord> records = List.of(
                message(0, 0, 1, 100, 110, 1020, 1030),     // B, sent long before, received after A was sent
                message(1, 1, 0, 1000, 1100, 1200, 1250),   // A, taken by the master later
                message(2, 1, 0, 1400, 1450, 1460, 1470),   // D
                message(3, 0, 1, 1300, 1400, 1500, 1510));  // C
        List<Long> slaveWaits = new ArrayList<>();
        MasterQueueStatistics.measure(records, 0, sink(new ArrayList<>(), new ArrayList<>(), slaveWaits));
        assertEquals(List.of(30L, 110L), slaveWaits);
    }

    @Test
    void aRealRunGivesOneSlaveWaitPerResult() {
        List<MessageRecord> records = new ArrayList<>();
        new MasterSlaveRun(Fixtures.kernel(5, records::add), 5, 100, 20_000, 16, 16).run(null);
        List<Long> slaveWaits = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        MasterQueueStatistics.measure(records, 0, sink(lengths, new ArrayList<>(), slaveWaits));
        assertEquals(100, lengths.size());
        assertEquals(100, slaveWaits.size(), "each result is answered by a task or a stop");
        assertTrue(slaveWaits.stream().allMatch(w -> w > 0));
    }

    private static MasterQueueStatistics.Sink sink(List<Integer> lengths, List<Long> waits, List<Long> slaveWaits) {
        return new MasterQueueStatistics.Sink() {
            @Override
            public void queueWait(long nanos, long receiveNanos) {
                waits.add(nanos);
            }

            @Override
            public void queueLength(int waiting) {
                lengths.add(waiting);
            }

            @Override
            public void slaveWait(int slave, long nanos) {
                slaveWaits.add(nanos);
            }
        };
    }
}
