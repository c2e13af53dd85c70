package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * The design's scale: N = 16,777,216 tasks at P = 4096 in the surefire JVM's 2 GB heap (emulator/pom.xml).
 * No timing is asserted; the test only has to finish and count every message.
 */
class FarmSimulatorScaleTest {

    @Test
    void sixteenMillionTasksOn4096Ranks() {
        int tasks = 16_777_216;
        int p = 4096;
        long[] costs = new long[tasks];
        Arrays.fill(costs, 40_000);
        LogGpsModel network = new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), p);
        SimulatedRun run = new FarmSimulator(network, new TargetCpu(1.0), FarmShape.uniform(12, 8), 1, true).run(costs);

        assertEquals(2L * tasks + (p - 1), run.messages());
        assertEquals(40_000L * tasks, run.sequentialNanos());
        // The master is the bottleneck at this P: it must at least receive every result and send every task.
        long masterWork = tasks * (network.recvOverheadNanos(8) + network.sendOverheadNanos(12));
        assertTrue(run.predictedNanos() >= masterWork, run.predictedNanos() + " < " + masterWork);
        assertEquals(tasks, run.latency().queueWaitNanos().getTotalCount());
    }
}
