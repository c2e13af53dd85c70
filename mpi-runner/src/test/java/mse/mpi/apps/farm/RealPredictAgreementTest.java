package mse.mpi.apps.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.mpi.apps.sampled.TaskCostEstimate;
import mse.mpi.apps.strategy.Single;
import mse.mpi.apps.strategy.StrategySimulation;
import mse.mpi.rank.RunProgress;
import org.junit.jupiter.api.Test;

/**
 * `--task-cost real`: partial execution (`predict`) charges the master's work per result as the live emulator does
 * (issue 44). An SI farm of 2 slaves whose master burns 200 us per result saturates it; predicted from a sample of 64
 * tasks, the farm's time agrees with the live emulation within 5%, and so it does where the master burns nothing.
 * Both sides are virtual times from measured thread CPU, so host load does not enter.
 */
class RealPredictAgreementTest {

    private static final int NP = 3;
    private static final int TASKS = 1000;
    private static final int SAMPLE = 64;

    @Test
    void aMasterBurning200usPerResultIsPredictedAsEmulated() throws Exception {
        agree(100_000, 200_000);
    }

    @Test
    void aMasterBurningNothingIsPredictedAsEmulated() throws Exception {
        agree(200_000, 0);
    }

    private static void agree(long slaveBurn, long masterBurn) throws Exception {
        EmulationReport live = EmulatedFarm.run(NP, r -> new BurnWorkload(TASKS, r == 0 ? 0 : slaveBurn, r == 0 ? masterBurn : 0),
                r -> () -> { });
        double emulated = live.result().predictedNanos();
        TargetProfile target = ProfileLoader.load("mpich-fast-ethernet");
        BurnWorkload work = new BurnWorkload(TASKS, slaveBurn, masterBurn);
        TaskCostEstimate estimate = TaskCostEstimate.sample(work, new TaskCost.Real(), SAMPLE, false, 1, RunProgress.NONE);
        double predicted = StrategySimulation.of(new Single(), NetworkModel.of(target.network(), NP), TargetCpu.of(target.cpu()),
                FarmMessageSizes.of(work), 1, estimate.hostCosts(), estimate.masterCosts(), false, KernelObserver.NONE)
                .run().predictedNanos();
        assertEquals(1.0, predicted / emulated, 0.05, "predicted " + predicted + " ns, emulated " + emulated + " ns (slaves "
                + slaveBurn + " ns a task, master " + masterBurn + " ns a result)");
    }
}
