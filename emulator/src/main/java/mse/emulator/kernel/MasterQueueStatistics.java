package mse.emulator.kernel;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The master-side measures of seed 001 (001_cb00b78257109af6.txt) section 3, computed online from the
 * kernel's {@link MessageRecord}s in the order the kernel settles them: how long messages wait in a
 * master's queue, how long that queue is when a message arrives, and how long a slave waits from its
 * request (a send to the master) until the master's next message to it completes (section 3.2, DY's
 * splitting statistic). Memory stays bounded by the queue length and the number of slaves, so a
 * million-task run costs no more than a small one; the values go to a {@link Sink} (histograms).
 */
public final class MasterQueueStatistics {

    /** Where the measures go, one call per observation. */
    public interface Sink {
        /** A message to the master waited this long between arrival and the start of its receive. */
        void queueWait(MessageRecord message, long nanos);

        /** When `message` arrived, this many earlier messages had arrived and were not yet being received. */
        void queueLength(MessageRecord message, int waiting);

        /** `slave` waited this long from its send to the master until the master's next message to it was received. */
        void slaveWait(int slave, long nanos);
    }

    private final int master;
    private final Sink sink;
    /**
     * Receive start times of the master's earlier messages, in receive order. An ANY_SOURCE master takes
     * messages in arrival order and its receive starts never go back, so the ones that had started by an
     * arrival are at the front.
     */
    private final ArrayDeque<Long> queuedUntil = new ArrayDeque<>();
    private final Map<Integer, Long> requestedAt = new HashMap<>();

    public MasterQueueStatistics(int master, Sink sink) {
        this.master = master;
        this.sink = sink;
    }

    public void observe(MessageRecord m) {
        if (m.destination() == master) {
            while (!queuedUntil.isEmpty() && queuedUntil.peekFirst() <= m.arrivalNanos()) {
                queuedUntil.pollFirst();
            }
            sink.queueLength(m, queuedUntil.size());
            sink.queueWait(m, m.queueWaitNanos());
            queuedUntil.addLast(m.receiveStartNanos());
            if (m.source() != master) {
                requestedAt.put(m.source(), m.sendNanos());
            }
        } else if (m.source() == master) {
            Long requested = requestedAt.remove(m.destination());
            if (requested != null) {
                sink.slaveWait(m.destination(), m.receiveEndNanos() - requested);
            }
        }
    }

    /** All records at once, in the order the kernel settled them. */
    public static void measure(List<MessageRecord> records, int master, Sink sink) {
        MasterQueueStatistics statistics = new MasterQueueStatistics(master, sink);
        records.forEach(statistics::observe);
    }
}
