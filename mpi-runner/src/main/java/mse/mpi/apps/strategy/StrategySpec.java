package mse.mpi.apps.strategy;

import java.util.List;
import java.util.Optional;
import mse.emulator.model.NetworkModel;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.Strategy;

/**
 * One master strategy with its settings, parsed once from the command line ({@link StrategyOptions}): its
 * name, the options a rank needs to run it, which P it fits, its masters, its live program and its
 * simulation in the fast path. Open, not sealed: the strategies are an extension point, and the registered
 * {@link StrategyKind}s are their closed list. Adding a strategy is one new class (a record implementing this, with
 * its {@link StrategyKind} nested) plus its line in META-INF/services; docs/strategies.md, "Adding a strategy".
 */
public interface StrategySpec {

    /** The name used on the command line and in summary.json. */
    String name();

    /**
     * This strategy on a rank's command line: --strategy and its own options, nothing of another strategy's; by default
     * its name alone, for a strategy without options.
     */
    default List<String> toArgs() {
        return List.of(StrategyOptions.STRATEGY, name());
    }

    /** Why this strategy cannot run on np ranks (naming the option), empty when it can. */
    default Optional<String> misfit(int np) {
        return Optional.empty();
    }

    /** Checks np; an IllegalArgumentException names the option at fault. */
    default void validate(int np) {
        misfit(np).ifPresent(reason -> {
            throw new IllegalArgumentException(reason);
        });
    }

    /** The ranks that are masters from the start with np ranks: the emulator's master queues, the reports. */
    List<Integer> masters(int np);

    /** A fresh live program of this strategy with `prefetch` tasks in flight per slave (it may keep state: DY's events). */
    Strategy program(int prefetch);

    /** This strategy in the fast path's simulator, rule for rule as its program runs. */
    StrategySimulation simulate(SimulationInput input);

    /**
     * Throws what {@link #simulate} would refuse ({@link StrategySimulation.Refused}) for this network, message sizes,
     * tasks in flight per slave and tasks, before anything runs or is written; nothing by default.
     */
    default void checkSimulable(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
    }

    /** Rank 0 records master events (splits, merges) even when there were none: masterEvents, masters.csv. */
    default boolean logsMasterEvents() {
        return false;
    }

    /** This configuration among others of a sweep: its directory's name part, e.g. "multi-m4". */
    default String label() {
        return name();
    }
}
