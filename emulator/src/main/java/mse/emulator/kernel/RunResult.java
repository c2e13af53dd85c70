package mse.emulator.kernel;

import java.util.List;

/**
 * The kernel's accounting: outcome, per-rank time breakdown, and per rank how many Progress heartbeats with
 * CPU in them the kernel took as the rank's lower bound (zero in deterministic cost modes, which never ask).
 */
public record RunResult(RunOutcome outcome, List<RankAccount> ranks, List<Long> lowerBounds) {

    public RunResult {
        ranks = List.copyOf(ranks);
        lowerBounds = List.copyOf(lowerBounds);
    }

    /** The predicted execution time: the latest final clock of any rank. */
    public long predictedNanos() {
        return ranks.stream().mapToLong(RankAccount::finalClockNanos).max().orElse(0);
    }
}
