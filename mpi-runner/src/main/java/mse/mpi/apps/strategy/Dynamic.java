package mse.mpi.apps.strategy;

import java.util.List;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.model.NetworkModel;
import mse.emulator.sim.DynamicFarmReplay;
import mse.emulator.sim.DynamicFarmSimulator;
import mse.emulator.sim.DynamicShape;
import mse.mpi.apps.farm.DynamicMasters;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.Strategy;
import picocli.CommandLine.Option;

/** DY (seed 001, section 3.2): masters split and merge as their slaves' waits say ({@link DynamicSettings}). */
public record Dynamic(DynamicSettings settings) implements StrategySpec {

    public static final String NAME = "dynamic";

    /** DY's registration and its own options, given to a rank only when it runs DY. */
    public static final class Kind implements StrategyKind {

        @Option(names = "--split-wait", paramLabel = "DUR", defaultValue = DynamicSettings.DEFAULT_SPLIT_WAIT,
                description = "dynamic: a master splits when its slaves' median wait for a task exceeds DUR (default: ${DEFAULT-VALUE}).")
        String splitWait;

        @Option(names = "--merge-wait", paramLabel = "DUR", defaultValue = DynamicSettings.DEFAULT_MERGE_WAIT,
                description = "dynamic: a secondary master merges back early when that median falls below DUR; 0 = only when done (default: ${DEFAULT-VALUE}).")
        String mergeWait;

        @Option(names = "--max-depth", paramLabel = "N", defaultValue = "" + DynamicSettings.DEFAULT_MAX_DEPTH,
                description = "dynamic: deepest level of secondary masters, rank 0 being 0 (default: ${DEFAULT-VALUE}).")
        int maxDepth;

        @Option(names = "--split-window", paramLabel = "N", defaultValue = "0",
                description = "dynamic: wait samples a decision looks at; 0 = np - 1 (default: ${DEFAULT-VALUE}).")
        int splitWindow;

        @Override
        public String name() {
            return NAME;
        }

        /** The settings; a rule they break is reported with the options' names. */
        @Override
        public List<StrategySpec> specs() {
            try {
                return List.of(new Dynamic(DynamicSettings.parse(splitWait, mergeWait, maxDepth, splitWindow)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--split-wait/--merge-wait/--max-depth/--split-window: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The settings in canonical form: the rank parses back exactly these values. */
    @Override
    public List<String> toArgs() {
        return List.of(StrategyOptions.STRATEGY, NAME, "--split-wait", DynamicSettings.duration(settings.splitWaitNanos()),
                "--merge-wait", DynamicSettings.duration(settings.mergeWaitNanos()), "--max-depth", Integer.toString(settings.maxDepth()),
                "--split-window", Integer.toString(settings.splitWindow()));
    }

    /** Only rank 0 is a master from the start; secondaries come and go (its events). */
    @Override
    public List<Integer> masters(int np) {
        return List.of(0);
    }

    @Override
    public Strategy program(int prefetch) {
        return new DynamicMasters(settings, prefetch);
    }

    @Override
    public StrategySimulation simulate(SimulationInput in) {
        DynamicFarmReplay.DynamicRun run;
        if (in.network().lookaheadNanos() > 0) {
            try {
                run = new DynamicFarmSimulator(in.network(), in.cpu(), in.sizes().dynamicMasters(), settings, in.prefetch(),
                        in.hostCosts(), in.masterCosts()).analysed(in.keepsCriticalStretches()).observedBy(in.observer()).run();
            } catch (IllegalArgumentException synchronous) {
                throw new StrategySimulation.Refused("--profile: " + synchronous.getMessage());
            }
        } else {
            // zero lookahead: the kernel's tie rule, which the event loop does not have (DynamicFarmSimulator)
            run = new DynamicFarmReplay(in.network(), in.cpu(), in.sizes().dynamicMasters(), settings, in.prefetch(), in.hostCosts(),
                    in.masterCosts()).analysed(in.keepsCriticalStretches()).observedBy(in.observer()).run();
        }
        return new StrategySimulation(run.run(), run.events());
    }

    /**
     * DY's event loop refuses synchronous messages (a sender would stop in the middle of a step); its tasks and results
     * are checked here, before anything runs, its splits' and merges' messages as they are sent.
     */
    @Override
    public void checkSimulable(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
        DynamicShape shape = sizes.dynamicMasters();
        for (int t = 0; t < tasks; t++) {
            int bytes = Math.max(shape.taskBytes(t), shape.resultBytes(t));
            if (network.isSynchronous(bytes)) {
                throw new StrategySimulation.Refused("--profile: DY with synchronous messages (task " + t + "'s messages reach " + bytes
                        + " bytes, at or above the profile's sync-threshold-bytes) is not simulated: use emulate");
            }
        }
    }

    @Override
    public boolean logsMasterEvents() {
        return true;
    }
}
