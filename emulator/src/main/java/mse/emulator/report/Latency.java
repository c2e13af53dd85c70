package mse.emulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * summary.json's latency, all masters together: how long slaves waited for their next task and results waited in a
 * master's queue (microseconds), and the queue's length; a prediction has no queue length (null, absent).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Latency(Percentiles slaveWaitMicros, Percentiles masterQueueWaitMicros, Percentiles masterQueueLength) {

    /** The latencies of these histograms; with its queue length when `withLength`. */
    public static Latency of(LatencyHistograms h, boolean withLength) {
        return new Latency(Percentiles.of(h.slaveWaitNanos(), 1000.0), Percentiles.of(h.queueWaitNanos(), 1000.0),
                withLength ? Percentiles.of(h.queueLength(), 1.0) : null);
    }
}
