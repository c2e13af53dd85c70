package mse.mpi.apps.strategy;

import java.util.List;
import mse.emulator.model.NetworkModel;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.SingleMaster;
import mse.mpi.apps.farm.Strategy;

/** SI (seed 001, section 3.2): rank 0 is the only master. */
public record Single() implements StrategySpec {

    public static final String NAME = "single";

    /** SI's registration; it has no options of its own. */
    public static final class Kind implements StrategyKind {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public List<StrategySpec> specs() {
            return List.of(new Single());
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Integer> masters(int np) {
        return List.of(0);
    }

    @Override
    public Strategy program(int prefetch) {
        return new SingleMaster(prefetch);
    }

    @Override
    public StrategySimulation simulate(SimulationInput input) {
        return StrategySimulation.farm(input, 1);
    }

    @Override
    public void checkSimulable(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
        StrategySimulation.checkFarm(network, sizes, prefetch, tasks);
    }
}
