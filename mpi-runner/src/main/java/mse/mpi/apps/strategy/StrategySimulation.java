package mse.mpi.apps.strategy;

import java.util.List;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.farm.FarmMessageSizes;

/**
 * One strategy's run in the fast path's simulator ({@link StrategySpec#simulate}): SI and ML in
 * {@link FarmSimulator}, DY in DynamicFarmReplay; each follows its program rule for rule and agrees with
 * `emulate` to the nanosecond. A strategy or setting without such a simulation is refused ({@link Refused}:
 * bad input, exit 2), never approximated by another one.
 *
 * @param run    the simulated run
 * @param events DY's splits and merges (masters.csv); empty for the static strategies
 */
public record StrategySimulation(SimulatedRun run, List<MasterEvent> events) {

    public static StrategySimulation of(StrategySpec strategy, NetworkModel network, TargetCpu cpu, FarmMessageSizes sizes,
                                        long[] hostCosts, boolean recordLatency) {
        return of(strategy, network, cpu, sizes, 1, hostCosts, new long[hostCosts.length], recordLatency, KernelObserver.NONE);
    }

    /** The same, with tasks in flight per slave, each result's master CPU and an observer (a timeline) told every charge and message. */
    public static StrategySimulation of(StrategySpec strategy, NetworkModel network, TargetCpu cpu, FarmMessageSizes sizes, int prefetch,
                                        long[] hostCosts, long[] masterCosts, boolean recordLatency, KernelObserver observer) {
        return of(strategy, network, cpu, sizes, prefetch, hostCosts, masterCosts, recordLatency, observer, false);
    }

    /** The same, the run's bounds keeping the critical path's stretches when `keepsCriticalStretches` (an OTF2 archive marks them). */
    public static StrategySimulation of(StrategySpec strategy, NetworkModel network, TargetCpu cpu, FarmMessageSizes sizes, int prefetch,
                                        long[] hostCosts, long[] masterCosts, boolean recordLatency, KernelObserver observer,
                                        boolean keepsCriticalStretches) {
        return strategy.simulate(new SimulationInput(network, cpu, sizes, prefetch, hostCosts, masterCosts, recordLatency, observer,
                keepsCriticalStretches));
    }

    /**
     * Throws what {@link #farm} would refuse, before anything runs or is written: the static farm (SI, ML) with more
     * than one task in flight per slave and synchronous results ({@link StrategySpec#checkSimulable}).
     */
    static void checkFarm(NetworkModel network, FarmMessageSizes sizes, int prefetch, int tasks) {
        checkEagerResults(new FarmSimulator(network, new TargetCpu(1.0), sizes.staticMasters(), 1, prefetch, false), tasks);
    }

    /** SI (one group) and ML (groups): the static farm, charging the masters' CPU per result. */
    static StrategySimulation farm(SimulationInput in, int groups) {
        FarmSimulator simulator = new FarmSimulator(in.network(), in.cpu(), in.sizes().staticMasters(), groups, in.prefetch(),
                in.recordLatency()).analysed(in.keepsCriticalStretches());
        checkEagerResults(simulator, in.hostCosts().length);
        return new StrategySimulation(simulator.observedBy(in.observer()).run(in.hostCosts(), in.masterCosts()), List.of());
    }

    private static void checkEagerResults(FarmSimulator simulator, int tasks) {
        try {
            simulator.checkEagerResults(tasks);
        } catch (IllegalArgumentException e) {
            throw new Refused("--prefetch: " + e.getMessage());
        }
    }

    /**
     * What the user asked cannot be simulated exactly (the message names the option): bad input for the command
     * line, never approximated.
     */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }
    }
}
