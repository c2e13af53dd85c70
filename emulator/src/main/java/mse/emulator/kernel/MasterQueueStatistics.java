package mse.emulator.kernel;

import java.util.Arrays;
import java.util.List;

/**
 * The master-side measures of seed 001 (001_cb00b78257109af6.txt) section 3, computed online from the
 * kernel's {@link MessageRecord}s in the order the kernel settles them: how long messages wait in a
 * master's queue, how long that queue is when a message arrives, and how long a slave waits from its
 * request (a send to the master) until the master's next message to it completes (section 3.2, DY's
 * splitting statistic). Memory stays bounded by the queue length and the number of slaves, so a
 * million-task run costs no more than a small one; the values go to a {@link Sink} (histograms).
 *
 * <p>A slave's wait is paired in virtual time, not in the order records come: the master's message ends the
 * wait of the slave's latest request sent before that message's receive started (once each). A slave that
 * holds prefetched tasks (--prefetch) receives its next task before the master has taken the result it sent
 * last, so that receive may be settled first; it is held ({@link SlaveRequests}) until a later request of the
 * slave, or {@link #finish}, shows that no earlier one is still to come. Each kind arrives in order per slave
 * (a rank's receives are settled in its order; a master takes one slave's messages in FIFO order), so the pairing
 * does not depend on how the two interleave, and is the same live and simulated.
 */
public final class MasterQueueStatistics {

    /** Where the measures go, one call per observation. */
    public interface Sink {
        /** A message to the master waited this long between arrival and the start of its receive, which took receiveNanos. */
        void queueWait(long nanos, long receiveNanos);

        /** When a message to the master arrived, this many earlier messages had arrived and were not yet being received. */
        void queueLength(int waiting);

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
    private final LongQueue queuedUntil = new LongQueue();
    /** By slave rank, grown as ranks come (an array: two look-ups per message of a million-task run). */
    private SlaveRequests[] slaves = new SlaveRequests[16];

    public MasterQueueStatistics(int master, Sink sink) {
        this.master = master;
        this.sink = sink;
    }

    public void observe(MessageRecord m) {
        observe(m.source(), m.destination(), m.sendNanos(), m.arrivalNanos(), m.receiveStartNanos(), m.receiveEndNanos());
    }

    /** One delivered message by its parts ({@link MessageRecord}'s), for a simulation that makes no record of it. */
    public void observe(int source, int destination, long sendNanos, long arrivalNanos, long receiveStartNanos, long receiveEndNanos) {
        if (destination == master) {
            while (!queuedUntil.isEmpty() && queuedUntil.peekFirst() <= arrivalNanos) {
                queuedUntil.pollFirst();
            }
            sink.queueLength(queuedUntil.size());
            sink.queueWait(receiveStartNanos - arrivalNanos, receiveEndNanos - receiveStartNanos);
            queuedUntil.addLast(receiveStartNanos);
            if (source != master) {
                slave(source).request(sendNanos);
            }
        } else if (source == master) {
            slave(destination).reply(receiveStartNanos, receiveEndNanos);
        }
    }

    /** The run is over: the slaves' last waits (no later request will come) go to the sink. */
    public void finish() {
        for (SlaveRequests slave : slaves) {
            if (slave != null) {
                slave.finish();
            }
        }
    }

    /** All records at once, in the order the kernel settled them. */
    public static void measure(List<MessageRecord> records, int master, Sink sink) {
        MasterQueueStatistics statistics = new MasterQueueStatistics(master, sink);
        records.forEach(statistics::observe);
        statistics.finish();
    }

    private SlaveRequests slave(int rank) {
        if (rank >= slaves.length) {
            slaves = Arrays.copyOf(slaves, Math.max(rank + 1, 2 * slaves.length));
        }
        if (slaves[rank] == null) {
            slaves[rank] = new SlaveRequests(rank, sink);
        }
        return slaves[rank];
    }
}
