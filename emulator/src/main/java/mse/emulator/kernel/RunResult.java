package mse.emulator.kernel;

import java.util.List;
import java.util.Map;

/**
 * The kernel's accounting: outcome, per-rank time breakdown, and per rank how many Progress heartbeats with
 * CPU in them the kernel took as the rank's lower bound (zero in deterministic cost modes, which never ask), and by rank
 * the off-CPU time of the ranks that said it (real mode, the interposition library's ranks), and the MPI errors the
 * ranks' programs went on after, by rank, each kind in the order of its first.
 */
public record RunResult(RunOutcome outcome, List<RankAccount> ranks, List<Long> lowerBounds, Map<Integer, OffCpuTime> offCpu,
                        List<MpiErrorCount> errors) {

    public RunResult {
        ranks = List.copyOf(ranks);
        lowerBounds = List.copyOf(lowerBounds);
        offCpu = Map.copyOf(offCpu);
        errors = List.copyOf(errors);
    }

    public RunResult(RunOutcome outcome, List<RankAccount> ranks, List<Long> lowerBounds) {
        this(outcome, ranks, lowerBounds, Map.of());
    }

    public RunResult(RunOutcome outcome, List<RankAccount> ranks, List<Long> lowerBounds, Map<Integer, OffCpuTime> offCpu) {
        this(outcome, ranks, lowerBounds, offCpu, List.of());
    }

    /** The predicted execution time: the latest final clock of any rank. */
    public long predictedNanos() {
        return ranks.stream().mapToLong(RankAccount::finalClockNanos).max().orElse(0);
    }
}
