package mse.emulator.sim;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.kernel.MasterQueueStatistics;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RunResult;
import mse.emulator.report.LatencyHistograms;

/**
 * Each DY master's queue measures, by rank, as the live emulator keeps them (VirtualTimeKeeper's MasterQueues):
 * a rank is measured as a master from its first ANY_SOURCE receive on (rank 0 from the start), and every message
 * to or from it goes to its queue measures. Indexed by rank: two look-ups per message.
 */
final class MasterQueueMeasures {

    private final MasterQueueStatistics[] queues;
    private final LatencyHistograms[] histograms;

    MasterQueueMeasures(int ranks) {
        this.queues = new MasterQueueStatistics[ranks];
        this.histograms = new LatencyHistograms[ranks];
    }

    /** The rank acts as a master from now on (a no-op when it already did). */
    void ensureQueue(int rank) {
        if (queues[rank] == null) {
            histograms[rank] = new LatencyHistograms();
            queues[rank] = new MasterQueueStatistics(rank, histograms[rank]);
        }
    }

    void deliver(MessageRecord message) {
        deliver(message.source(), message.destination(), message.sendNanos(), message.arrivalNanos(), message.receiveStartNanos(),
                message.receiveEndNanos());
    }

    /** A delivered message by its parts, for DY's event loop, which makes a record only for an observer. */
    void deliver(int source, int destination, long sendNanos, long arrivalNanos, long receiveStartNanos, long receiveEndNanos) {
        MasterQueueStatistics to = queues[destination];
        if (to != null) {
            to.observe(source, destination, sendNanos, arrivalNanos, receiveStartNanos, receiveEndNanos);
        }
        MasterQueueStatistics from = queues[source];
        if (from != null && from != to) {
            from.observe(source, destination, sendNanos, arrivalNanos, receiveStartNanos, receiveEndNanos);
        }
    }

    /** Ends every queue's measures; the masters' histograms combined, as the live emulator reports them. */
    LatencyHistograms finish() {
        LatencyHistograms latency = new LatencyHistograms();
        for (int rank = 0; rank < queues.length; rank++) {
            if (queues[rank] != null) {
                queues[rank].finish();
                latency.add(histograms[rank]);
            }
        }
        return latency;
    }

    /** The breakdown of every rank that acted as a master, in rank order. */
    List<RankAccount> masters(RunResult result) {
        List<RankAccount> masters = new ArrayList<>();
        for (int rank = 0; rank < queues.length; rank++) {
            if (queues[rank] != null) {
                masters.add(result.ranks().get(rank));
            }
        }
        return masters;
    }
}
