package mse.emulator.kernel;

import java.util.List;

/** The kernel's accounting: outcome and per-rank time breakdown. */
public record RunResult(RunOutcome outcome, List<RankAccount> ranks) {

    public RunResult {
        ranks = List.copyOf(ranks);
    }

    /** The predicted execution time: the latest final clock of any rank. */
    public long predictedNanos() {
        return ranks.stream().mapToLong(RankAccount::finalClockNanos).max().orElse(0);
    }
}
