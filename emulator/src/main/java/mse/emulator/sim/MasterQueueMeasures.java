package mse.emulator.sim;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mse.emulator.kernel.MasterQueueStatistics;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RunResult;
import mse.emulator.report.LatencyHistograms;

/**
 * Each DY master's queue measures, by rank, as the live emulator keeps them (VirtualTimeKeeper's MasterQueues):
 * a rank is measured as a master from its first ANY_SOURCE receive on (rank 0 from the start), and every message
 * to or from it goes to its queue measures.
 */
final class MasterQueueMeasures {

    private final Map<Integer, MasterQueueStatistics> queues = new TreeMap<>();
    private final Map<Integer, LatencyHistograms> histograms = new TreeMap<>();

    /** The rank acts as a master from now on (a no-op when it already did). */
    void ensureQueue(int rank) {
        if (!queues.containsKey(rank)) {
            LatencyHistograms h = new LatencyHistograms();
            histograms.put(rank, h);
            queues.put(rank, new MasterQueueStatistics(rank, h));
        }
    }

    void deliver(MessageRecord message) {
        MasterQueueStatistics to = queues.get(message.destination());
        if (to != null) {
            to.observe(message);
        }
        MasterQueueStatistics from = queues.get(message.source());
        if (from != null && from != to) {
            from.observe(message);
        }
    }

    /** Ends every queue's measures; the masters' histograms combined, as the live emulator reports them. */
    LatencyHistograms finish() {
        queues.values().forEach(MasterQueueStatistics::finish);
        LatencyHistograms latency = new LatencyHistograms();
        histograms.values().forEach(latency::add);
        return latency;
    }

    /** The breakdown of every rank that acted as a master, in rank order. */
    List<RankAccount> masters(RunResult result) {
        return queues.keySet().stream().map(r -> result.ranks().get(r)).toList();
    }
}
