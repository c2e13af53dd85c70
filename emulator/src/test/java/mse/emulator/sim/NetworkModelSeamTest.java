package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.SplittableRandom;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * The kernel and the simulator take any {@link NetworkModel}, not LogGPS only: under a model of another shape (fixed
 * overheads, no P term, a wide gap) they still agree to the nanosecond, and its costs, not LogGPS's, decide the result.
 */
class NetworkModelSeamTest {

    /**
     * Overheads of 3 us whatever P and k, L = 40 us, 10 ns per byte, an interface held at least 25 us, no rendezvous,
     * and an idle link's burst worth 2 us (200 bytes), so the kernel and the simulator also agree on the burst rule.
     */
    private record FlatModel(int processes) implements NetworkModel {
        public long sendOverheadNanos(long bytes) {
            return 3_000;
        }

        public long recvOverheadNanos(long bytes) {
            return 3_000;
        }

        public long wireNanos(long bytes) {
            return latencyNanos() + transferNanos(bytes);
        }

        public long latencyNanos() {
            return 40_000;
        }

        public long transferNanos(long bytes) {
            return 10 * bytes;
        }

        public long interfaceNanos(long bytes) {
            return Math.max(25_000, transferNanos(bytes));
        }

        public boolean isSynchronous(long bytes) {
            return false;
        }

        public long lookaheadNanos() {
            return sendOverheadNanos(0) + wireNanos(0);
        }

        public long burstCreditNanos() {
            return 2_000;
        }
    }

    @Test
    void kernelAndSimulatorAgreeUnderAnotherNetworkModel() {
        int p = 6;
        long[] costs = new SplittableRandom(7).longs(200, 1, 300_000).toArray();
        FarmShape shape = FarmShape.uniform(12, 400);
        TargetCpu cpu = new TargetCpu(1.0);
        for (int masters : new int[] {1, 2}) {
            NetworkModel flat = new FlatModel(p);
            RunResult kernel = new KernelFarmReplay(flat, cpu, shape, masters, costs).run();
            SimulatedRun simulated = new FarmSimulator(flat, cpu, shape, masters, false).run(costs);
            assertEquals(kernel.predictedNanos(), simulated.predictedNanos(), masters + " masters");
            NetworkModel logGps = NetworkModel.of(ProfileLoader.load("mpich-fast-ethernet").network(), p);
            assertNotEquals(new FarmSimulator(logGps, cpu, shape, masters, false).run(costs).predictedNanos(), simulated.predictedNanos());
        }
    }
}
