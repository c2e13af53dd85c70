package mse.emulator.kernel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The master-side measures of seed 001 (001_cb00b78257109af6.txt) section 3, computed from the kernel's
 * {@link MessageRecord}s once the run is over: how long messages wait in a master's queue, how long that
 * queue is when a message arrives, and how long a slave waits from its request (a send to the master) until
 * its next receive completes (section 3.2, DY's splitting statistic). Values go to a {@link Sink}, so the
 * shell can record them straight into histograms.
 */
public final class MasterQueueStatistics {

    /** Where the measures go, one call per observation, in virtual-time order per measure. */
    public interface Sink {
        /** A message to the master waited this long between arrival and the start of its receive. */
        void queueWait(MessageRecord message, long nanos);

        /** When `message` arrived, this many earlier messages had arrived and were not yet being received. */
        void queueLength(MessageRecord message, int waiting);

        /** `slave` waited this long from its send to the master until its next receive completed. */
        void slaveWait(int slave, long nanos);
    }

    private MasterQueueStatistics() {
    }

    public static void measure(List<MessageRecord> records, int master, Sink sink) {
        List<MessageRecord> toMaster = records.stream()
                .filter(m -> m.destination() == master)
                .sorted(Comparator.comparingLong(MessageRecord::arrivalNanos)
                        .thenComparingInt(MessageRecord::source)
                        .thenComparingLong(MessageRecord::sequence))
                .toList();
        // Sweep arrivals in order, keeping the receive start times of messages arrived but not yet taken.
        PriorityQueue<Long> queuedUntil = new PriorityQueue<>();
        for (MessageRecord message : toMaster) {
            while (!queuedUntil.isEmpty() && queuedUntil.peek() <= message.arrivalNanos()) {
                queuedUntil.poll();
            }
            sink.queueLength(message, queuedUntil.size());
            sink.queueWait(message, message.queueWaitNanos());
            queuedUntil.add(message.receiveStartNanos());
        }
        slaveWaits(records, master, sink);
    }

    /** On each slave's own clock: a send to the master opens a wait, its next completed receive closes it. */
    private static void slaveWaits(List<MessageRecord> records, int master, Sink sink) {
        record Event(int slave, long time, boolean request) {}
        List<Event> events = new ArrayList<>();
        for (MessageRecord m : records) {
            if (m.destination() == master && m.source() != master) {
                events.add(new Event(m.source(), m.sendNanos(), true));
            }
            if (m.destination() != master) {
                events.add(new Event(m.destination(), m.receiveEndNanos(), false));
            }
        }
        events.sort(Comparator.comparingInt(Event::slave).thenComparingLong(Event::time)
                .thenComparing(Event::request)); // at one instant a receive completes before the next send
        int slave = -1;
        long requestedAt = -1;
        for (Event event : events) {
            if (event.slave() != slave) {
                slave = event.slave();
                requestedAt = -1;
            }
            if (event.request()) {
                requestedAt = event.time();
            } else if (requestedAt >= 0) {
                sink.slaveWait(slave, event.time() - requestedAt);
                requestedAt = -1;
            }
        }
    }
}
