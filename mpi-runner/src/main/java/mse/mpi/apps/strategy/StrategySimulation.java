package mse.mpi.apps.strategy;

import java.util.List;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.farm.FarmMessageSizes;

/**
 * One strategy's run in the fast path's simulator ({@link StrategySpec#simulate}): SI and ML in
 * {@link FarmSimulator}, DY in DynamicFarmReplay; each follows its program rule for rule and agrees with
 * `emulate` to the nanosecond. A strategy without such a simulation must refuse (an IllegalArgumentException
 * naming it: exit 2), never be approximated by another one.
 *
 * @param run    the simulated run
 * @param events DY's splits and merges (masters.csv); empty for the static strategies
 */
public record StrategySimulation(SimulatedRun run, List<MasterEvent> events) {

    public static StrategySimulation of(StrategySpec strategy, LogGpsModel network, TargetCpu cpu, FarmMessageSizes sizes,
                                        long[] hostCosts, boolean recordLatency) {
        return of(strategy, network, cpu, sizes, hostCosts, new long[hostCosts.length], recordLatency, KernelObserver.NONE);
    }

    /** The same, with each result's master CPU and an observer (a timeline) told every charge and message. */
    public static StrategySimulation of(StrategySpec strategy, LogGpsModel network, TargetCpu cpu, FarmMessageSizes sizes,
                                        long[] hostCosts, long[] masterCosts, boolean recordLatency, KernelObserver observer) {
        return strategy.simulate(new SimulationInput(network, cpu, sizes, hostCosts, masterCosts, recordLatency, observer));
    }

    /** SI (one group) and ML (groups): the static farm, charging the masters' CPU per result. */
    static StrategySimulation farm(SimulationInput in, int groups) {
        SimulatedRun run = new FarmSimulator(in.network(), in.cpu(), in.sizes().staticMasters(), groups, in.recordLatency())
                .observedBy(in.observer()).run(in.hostCosts(), in.masterCosts());
        return new StrategySimulation(run, List.of());
    }
}
