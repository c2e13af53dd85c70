package mse.mpi.apps.strategy;

import static org.junit.jupiter.api.Assertions.assertTrue;

import mse.cluster.profiles.ProfileLoader;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.farm.FarmMessageSizes;
import org.junit.jupiter.api.Test;

/** A strategy's simulation follows its program rule for rule, or refuses (bad input); it never approximates. */
class StrategySimulationTest {

    @Test
    void aDynamicTraceThatCarriesMasterCpuIsReplayedChargingIt() {
        // DY charges the masters' work per result as SI and ML do (it was refused before, never approximated).
        LogGpsModel network = new LogGpsModel(ProfileLoader.preset("mpich-fast-ethernet").network(), 4);
        FarmMessageSizes sizes = FarmMessageSizes.of(new EpWorkload(4, 10, 1));
        long[] hostCosts = {10, 10, 10, 10};
        Dynamic dy = new Dynamic(DynamicSettings.defaults());
        long without = StrategySimulation.of(dy, network, new TargetCpu(1.0), sizes, 1, hostCosts, new long[4], false,
                KernelObserver.NONE).run().predictedNanos();
        long with = StrategySimulation.of(dy, network, new TargetCpu(1.0), sizes, 1, hostCosts, new long[] {1_500, 1_500, 1_500, 1_500},
                false, KernelObserver.NONE).run().predictedNanos();
        assertTrue(with >= without + 1_500, "the last result's 1.5 us of master work at least: " + with + " against " + without);
    }
}
