package mse.mpi.apps.strategy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import mse.emulator.model.FarmLayout;
import mse.emulator.model.NetworkModel;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.MultipleMasters;
import mse.mpi.apps.farm.Strategy;
import picocli.CommandLine.Option;

/** ML (seed 001, section 3.2) with pm masters, each serving its group's share of the tasks ({@link FarmLayout}). */
public record Multi(int pm) implements StrategySpec {

    public static final String NAME = "multi";

    static final String MASTERS = "--masters";

    /** ML's registration and its own option; sweep and predict take a list (one configuration per PM). */
    public static final class Kind implements StrategyKind {

        @Option(names = MASTERS, paramLabel = "PM", defaultValue = "2", split = ",",
                description = "Masters for --strategy multi, 2 <= PM <= np/2; sweep and predict take a list, e.g. 2,4,8 (default: ${DEFAULT-VALUE}).")
        List<Integer> masters;

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public List<StrategySpec> specs() {
            return masters.stream().<StrategySpec>map(Multi::new).toList();
        }

        @Override
        public boolean mastersChosen() {
            return true;
        }

        @Override
        public Set<String> pointOptions() {
            return Set.of(MASTERS);
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> toArgs() {
        return List.of(StrategyOptions.STRATEGY, NAME, MASTERS, Integer.toString(pm));
    }

    /** Every group needs a master and at least one slave: 2 <= PM <= P/2. */
    @Override
    public Optional<String> misfit(int np) {
        if (pm < 2 || pm > np / 2) {
            return Optional.of(MASTERS + " must be between 2 and np/2 = " + np / 2 + " for np " + np + ", got " + pm);
        }
        return Optional.empty();
    }

    @Override
    public List<Integer> masters(int np) {
        return new FarmLayout(np, pm).masters();
    }

    @Override
    public Strategy program(int prefetch) {
        return new MultipleMasters(pm, prefetch);
    }

    @Override
    public StrategySimulation simulate(SimulationInput input) {
        return StrategySimulation.farm(input, pm);
    }

    @Override
    public void checkSimulable(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
        StrategySimulation.checkFarm(network, sizes, prefetch, tasks);
    }

    @Override
    public String label() {
        return NAME + "-m" + pm;
    }
}
