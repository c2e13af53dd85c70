package mse.mpi.cli;

import java.util.List;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.DynamicFarmReplay;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.farm.DynamicMasters;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.MultipleMasters;
import mse.mpi.apps.farm.SingleMaster;
import mse.mpi.apps.farm.Strategy;

/**
 * One strategy's run in the fast path's simulator: SI and ML in {@link FarmSimulator}, DY in
 * {@link DynamicFarmReplay}; each follows its program rule for rule and agrees with `emulate` to the nanosecond.
 * A strategy without such a simulation is refused, never approximated by another one.
 *
 * @param run    the simulated run
 * @param events DY's splits and merges (masters.csv); empty for the static strategies
 */
record StrategySimulation(SimulatedRun run, List<MasterEvent> events) {

    static StrategySimulation of(Strategy strategy, LogGpsModel network, TargetCpu cpu, FarmMessageSizes sizes, long[] hostCosts,
                                 boolean recordLatency) {
        return of(strategy, network, cpu, sizes, hostCosts, new long[hostCosts.length], recordLatency, KernelObserver.NONE);
    }

    /**
     * The same, with masterCosts[t], the host CPU a master spent on task t's result (a live trace's masterCpuNanos):
     * SI and ML charge it; DY's replay does not model the masters' own work, so a DY trace that carries any is refused. `observer` is
     * told every charge and message (a timeline).
     */
    static StrategySimulation of(Strategy strategy, LogGpsModel network, TargetCpu cpu, FarmMessageSizes sizes, long[] hostCosts,
                                 long[] masterCosts, boolean recordLatency, KernelObserver observer) {
        if (strategy instanceof SingleMaster || strategy instanceof MultipleMasters) {
            int groups = strategy instanceof MultipleMasters ml ? ml.groups() : 1;
            FarmSimulator simulator = new FarmSimulator(network, cpu, sizes.staticMasters(), groups, strategy.prefetch(), recordLatency);
            BadInputException.check("--prefetch", () -> {
                simulator.checkEagerResults(hostCosts.length);
                return null;
            });
            SimulatedRun run = simulator.observedBy(observer).run(hostCosts, masterCosts);
            return new StrategySimulation(run, List.of());
        }
        if (strategy instanceof DynamicMasters dy) {
            if (java.util.Arrays.stream(masterCosts).anyMatch(c -> c != 0)) {
                // Refused rather than replayed without it: the prediction would silently leave out the masters' work.
                throw new BadInputException("--trace: the trace records the masters' CPU per result (masterCpuNanos), which "
                        + "the DY simulation does not charge yet; replay a deterministic --task-cost DY run, or emulate this one");
            }
            DynamicFarmReplay.DynamicRun run = new DynamicFarmReplay(network, cpu, sizes.dynamicMasters(), dy.settings(), dy.prefetch(),
                    hostCosts).observedBy(observer).run();
            return new StrategySimulation(run.run(), run.events());
        }
        throw new BadInputException("--strategy " + strategy.name() + " is not simulated: use emulate or sweep for it");
    }
}
