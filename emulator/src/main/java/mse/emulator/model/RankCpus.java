package mse.emulator.model;

import java.util.Collections;
import java.util.List;

/**
 * The target CPU each rank's computation is charged with (docs/architecture.md "Virtual time rules", Computation).
 * One ratio for every rank on a single machine; on several hosts each rank gets its host's ratio, since a
 * rank's thread CPU time was measured on that host.
 */
public record RankCpus(List<TargetCpu> byRank) {

    public RankCpus {
        byRank = List.copyOf(byRank);
        if (byRank.isEmpty()) {
            throw new IllegalArgumentException("at least one rank needs a target CPU");
        }
    }

    /** Every one of np ranks charged with the same ratio. */
    public static RankCpus uniform(TargetCpu cpu, int np) {
        return new RankCpus(Collections.nCopies(np, cpu));
    }

    public int ranks() {
        return byRank.size();
    }

    public TargetCpu of(int rank) {
        return byRank.get(rank);
    }

    /** Target nanoseconds for `hostCpuNanos` of thread CPU time measured by `rank` on its host. */
    public long chargeNanos(int rank, long hostCpuNanos) {
        return byRank.get(rank).chargeNanos(hostCpuNanos);
    }
}
