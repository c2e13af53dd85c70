package mse.mpi.apps.strategy;

import static org.junit.jupiter.api.Assertions.assertThrows;
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
    void aDynamicTraceThatCarriesMasterCpuIsRefusedNotReplayedWithoutIt() {
        LogGpsModel network = new LogGpsModel(ProfileLoader.preset("mpich-fast-ethernet").network(), 4);
        FarmMessageSizes sizes = FarmMessageSizes.of(new EpWorkload(4, 10, 1));
        long[] masterCpu = {0, 0, 1_500, 0};
        Dynamic dy = new Dynamic(DynamicSettings.defaults());
        StrategySimulation.Refused refused = assertThrows(StrategySimulation.Refused.class, () -> StrategySimulation.of(dy, network,
                new TargetCpu(1.0), sizes, 1, new long[] {10, 10, 10, 10}, masterCpu, false, KernelObserver.NONE));
        assertTrue(refused.getMessage().startsWith("--trace: the trace records the masters' CPU"), refused.getMessage());
        // Without master CPU (a deterministic trace) the same DY replay runs.
        StrategySimulation.of(dy, network, new TargetCpu(1.0), sizes, 1, new long[] {10, 10, 10, 10}, new long[4], false,
                KernelObserver.NONE);
    }
}
