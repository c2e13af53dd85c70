package mse.mpi.apps.strategy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import mse.emulator.model.FarmLayout;
import mse.mpi.apps.farm.MultipleMasters;
import mse.mpi.apps.farm.Strategy;
import picocli.CommandLine.Option;

/**
 * A test-only strategy, written as a new strategy is (docs/strategies.md, "Adding a strategy"): this one class and its line in
 * src/test/resources/META-INF/services. It runs ML's program and simulation under its own name and its own list
 * option, so that {@link StrategyOptionsTest} sees a strategy that no main source names.
 */
public record TestGroups(int groups) implements StrategySpec {

    public static final String NAME = "test-groups";
    static final String GROUPS = "--test-groups";

    /** Its registration and its own option, a list like ML's --masters. */
    public static final class Kind implements StrategyKind {

        @Option(names = GROUPS, paramLabel = "G", defaultValue = "2", split = ",", description = "test-groups: groups of the farm.")
        List<Integer> groups;

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public List<StrategySpec> specs() {
            return groups.stream().<StrategySpec>map(TestGroups::new).toList();
        }

        @Override
        public boolean mastersChosen() {
            return true;
        }

        @Override
        public Set<String> pointOptions() {
            return Set.of(GROUPS);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> toArgs() {
        return List.of(StrategyOptions.STRATEGY, NAME, GROUPS, Integer.toString(groups));
    }

    @Override
    public Optional<String> misfit(int np) {
        return groups < 2 || groups > np / 2 ? Optional.of(GROUPS + " must be between 2 and " + np / 2 + ", got " + groups) : Optional.empty();
    }

    @Override
    public List<Integer> masters(int np) {
        return new FarmLayout(np, groups).masters();
    }

    @Override
    public Strategy program(int prefetch) {
        return new MultipleMasters(groups, prefetch);
    }

    @Override
    public StrategySimulation simulate(SimulationInput input) {
        return StrategySimulation.farm(input, groups);
    }

    @Override
    public String label() {
        return NAME + "-g" + groups;
    }
}
