package mse.emulator.sim;

import java.util.List;
import mse.emulator.analysis.RunBounds;
import mse.emulator.kernel.RankAccount;
import mse.emulator.report.LatencyHistograms;

/**
 * One simulated run at one P: the predicted time (the latest final clock of any rank, as
 * {@link mse.emulator.kernel.RunResult#predictedNanos()}), the sum of the tasks' charged costs (one target
 * CPU doing everything), each master's time breakdown, the masters' queue and slave-wait distributions
 * (empty when not recorded), how many messages were simulated, and the run's wait states and critical path (null when
 * not analysed).
 */
public record SimulatedRun(long predictedNanos, long sequentialNanos, List<RankAccount> masters,
                           LatencyHistograms latency, long messages, RunBounds bounds) {

    public SimulatedRun {
        masters = List.copyOf(masters);
    }

    /** A run whose wait states and critical path were not analysed. */
    public SimulatedRun(long predictedNanos, long sequentialNanos, List<RankAccount> masters, LatencyHistograms latency,
                        long messages) {
        this(predictedNanos, sequentialNanos, masters, latency, messages, null);
    }

    public double speedup() {
        return predictedNanos == 0 ? 0.0 : (double) sequentialNanos / predictedNanos;
    }
}
