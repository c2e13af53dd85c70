package mse.mpi.apps;

import mse.mpi.apps.strategy.StrategySpec;
import mse.mpi.launch.RunIdentity;

/** One configuration of a run: the application's problem and the master strategy that farms it out. */
public record Program(WorkloadSpec workload, StrategySpec strategy) {

    public String app() {
        return workload.app();
    }

    /** A one-line description of the workload for tables. */
    public String describe() {
        return workload.describe();
    }

    /** The same problem under another strategy. */
    public Program with(StrategySpec other) {
        return new Program(workload, other);
    }

    /**
     * Checks everything that can be checked before any rank starts: np, the strategy for np, and that the master's
     * results fit a heap of masterHeapBytes. An IllegalArgumentException names the option at fault.
     */
    public void validate(int np, long masterHeapBytes) {
        if (np < 2) {
            throw new IllegalArgumentException("--np: a master/slave run needs at least 2 ranks, got " + np);
        }
        strategy.validate(np);
        workload.checkFitsHeap(masterHeapBytes);
    }

    /** What this configuration is at np ranks, for summaries. */
    public RunIdentity identity(int np) {
        return new RunIdentity(app(), strategy.name(), strategy.masters(np).size(), describe());
    }
}
