package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.comm.Comm;
import org.junit.jupiter.api.Test;

/** A strategy the simulator does not follow rule for rule is refused (bad input), never simulated as another. */
class StrategySimulationTest {

    @Test
    void aStrategyWithoutItsOwnSimulationIsRefusedInOneLine() {
        Strategy unknown = new Strategy() {
            public void run(Comm comm, Workload work) {
            }

            public String name() {
                return "round-robin";
            }

            public List<Integer> masters(int np) {
                return List.of(0);
            }
        };
        LogGpsModel network = new LogGpsModel(ProfileLoader.preset("mpich-fast-ethernet").network(), 4);
        BadInputException refused = assertThrows(BadInputException.class, () -> StrategySimulation.of(unknown, network,
                new TargetCpu(1.0), FarmMessageSizes.of(new EpWorkload(4, 10, 1)), new long[4], false));
        assertEquals("--strategy round-robin is not simulated: use emulate or sweep for it", refused.getMessage());
    }

    @Test
    void aDynamicTraceThatCarriesMasterCpuIsRefusedNotReplayedWithoutIt() {
        LogGpsModel network = new LogGpsModel(ProfileLoader.preset("mpich-fast-ethernet").network(), 4);
        FarmMessageSizes sizes = FarmMessageSizes.of(new EpWorkload(4, 10, 1));
        long[] masterCpu = {0, 0, 1_500, 0};
        BadInputException refused = assertThrows(BadInputException.class, () -> StrategySimulation.of(
                new mse.mpi.apps.farm.DynamicMasters(mse.emulator.dynamic.DynamicSettings.defaults()), network, new TargetCpu(1.0),
                sizes, new long[] {10, 10, 10, 10}, masterCpu, false, mse.emulator.kernel.KernelObserver.NONE));
        assertEquals(true, refused.getMessage().startsWith("--trace: the trace records the masters' CPU"), refused.getMessage());
        // Without master CPU (a deterministic trace) the same DY replay runs.
        StrategySimulation.of(new mse.mpi.apps.farm.DynamicMasters(mse.emulator.dynamic.DynamicSettings.defaults()), network,
                new TargetCpu(1.0), sizes, new long[] {10, 10, 10, 10}, new long[4], false, mse.emulator.kernel.KernelObserver.NONE);
    }
}
