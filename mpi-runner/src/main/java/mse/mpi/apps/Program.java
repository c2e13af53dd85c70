package mse.mpi.apps;

import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.strategy.StrategySpec;
import mse.mpi.rank.RunIdentity;

/**
 * One configuration of a run: the application's problem, the master strategy that farms it out, and the tasks in
 * flight per slave (--prefetch K, every strategy; null when not given: one at a time, and results keep their keys).
 */
public record Program(WorkloadSpec workload, StrategySpec strategy, Integer prefetch) {

    public static final String PREFETCH = "--prefetch";

    public Program {
        if (prefetch != null) {
            Strategy.checkPrefetch(prefetch);
        }
    }

    /** A configuration without --prefetch. */
    public Program(WorkloadSpec workload, StrategySpec strategy) {
        this(workload, strategy, null);
    }

    public String app() {
        return workload.app();
    }

    /** Tasks a master keeps in flight per slave: K, or 1 (seed 001's farm). */
    public int tasksInFlight() {
        return prefetch == null ? 1 : prefetch;
    }

    /** This configuration's live program. */
    public Strategy farm() {
        return strategy.program(tasksInFlight());
    }

    /** A one-line description of the workload for tables. */
    public String describe() {
        return workload.describe();
    }

    /**
     * Checks everything that can be checked before any rank starts: np, the strategy for np, the tasks in flight,
     * and that the master's results fit a heap of masterHeapBytes. An IllegalArgumentException names the option.
     */
    public void validate(int np, long masterHeapBytes) {
        if (np < 2) {
            throw new IllegalArgumentException("--np: a master/slave run needs at least 2 ranks, got " + np);
        }
        if (tasksInFlight() > workload.tasks()) {
            throw new IllegalArgumentException(PREFETCH + ": at most the " + workload.tasks() + " tasks of the workload can be in flight, got "
                    + tasksInFlight());
        }
        strategy.validate(np);
        workload.checkFitsHeap(masterHeapBytes);
    }

    /** What this configuration is at np ranks, for summaries. */
    public RunIdentity identity(int np) {
        return new RunIdentity(app(), strategy.name(), strategy.masters(np).size(), describe(), prefetch);
    }
}
