package mse.mpi.apps.strategy;

import java.util.List;
import java.util.Optional;
import mse.emulator.model.NetworkModel;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.Strategy;

/**
 * A test-only strategy with a program and a simulator of its own, added by docs/extending.md's checklist ("Adding
 * a strategy"): this specification with its Kind, its program {@link LockstepFarm}, its simulation
 * {@link LockstepSimulator}, and its line in src/test/resources/META-INF/services. `StrategyExtensionTest` holds
 * `emulate` and `predict` to the same nanosecond under it; {@link StrategyOptionsTest} runs it as every registered
 * strategy.
 */
public record TestLockstep() implements StrategySpec {

    public static final String NAME = "test-lockstep";

    /** Its registration; it has no options of its own. */
    public static final class Kind implements StrategyKind {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public List<StrategySpec> specs() {
            return List.of(new TestLockstep());
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> misfit(int np) {
        return np < 2 ? Optional.of("--np: " + NAME + " needs a master and a slave, got " + np) : Optional.empty();
    }

    @Override
    public List<Integer> masters(int np) {
        return List.of(0);
    }

    /** One task in flight at a time: the lockstep is the strategy (predict refuses --prefetch, checkSimulable). */
    @Override
    public Strategy program(int prefetch) {
        return new LockstepFarm();
    }

    /** --prefetch asks for more than the lockstep keeps in flight: refused by name, never approximated. */
    @Override
    public void checkSimulable(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
        if (prefetch != 1) {
            throw new StrategySimulation.Refused("--prefetch: " + NAME + " keeps one task in flight, got " + prefetch);
        }
    }

    @Override
    public StrategySimulation simulate(SimulationInput input) {
        return new LockstepSimulator(input).run();
    }
}
