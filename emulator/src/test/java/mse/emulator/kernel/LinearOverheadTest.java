package mse.emulator.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * Seed 001 (001_cb00b78257109af6.txt) section 3.1: MASE makes 1,048,576 round trips between the master and
 * the slaves, so the master spends at least 1,048,576 * 2o; the linear P term of Table 2 adds
 * 1,048,576 * 2 * 0.182 * (64 - 8) us = 21.4 s between P = 8 and P = 64.
 */
class LinearOverheadTest {

    private static final int PAPER_ROUND_TRIPS = 1_048_576;

    /** 1/16 of the paper's count keeps the test fast; every round trip costs the same, so it scales exactly. */
    private static final int ROUND_TRIPS = PAPER_ROUND_TRIPS / 16;

    @Test
    void masterOverheadGrowsBy21Point4SecondsFromEightToSixtyFourProcesses() {
        long extra = (masterOverheadNanos(64) - masterOverheadNanos(8)) * (PAPER_ROUND_TRIPS / ROUND_TRIPS);
        // 2 * 0.182 us * (64 - 8) = 20.384 us per round trip, exact in nanoseconds here
        assertEquals(PAPER_ROUND_TRIPS * 20_384L, extra);
        assertEquals(21.4, extra / 1e9, 0.05);
    }

    @Test
    void plainLogGpsHasNoPTermAndMissesIt() {
        assertEquals(0, masterOverheadNanos(64, "loggps-fast-ethernet") - masterOverheadNanos(8, "loggps-fast-ethernet"));
    }

    /** The master's send + receive overhead for ROUND_TRIPS 1-byte round trips with one slave, P processes. */
    private static long masterOverheadNanos(int processes) {
        return masterOverheadNanos(processes, "mpich-fast-ethernet");
    }

    private static long masterOverheadNanos(int processes, String preset) {
        VirtualTimeKernel kernel = new VirtualTimeKernel(
                new LogGpsModel(ProfileLoader.load(preset).network(), processes), new TargetCpu(1.0));
        List<RankFact> idle = new ArrayList<>();
        for (int rank = 2; rank < processes; rank++) {
            idle.add(Fixtures.finish(rank)); // the other P - 2 processors stay idle, as in Fig. 1
        }
        Fixtures.feed(kernel, idle.toArray(RankFact[]::new));
        for (int i = 0; i < ROUND_TRIPS; i++) {
            kernel.accept(Fixtures.send(0, 1, 0, 1));
            kernel.accept(new RankFact.Receive(0, 0, RankFact.ANY, 0, true));
            kernel.accept(Fixtures.receive(1, 0, 0));
            kernel.accept(Fixtures.send(1, 0, 0, 1));
        }
        Fixtures.feed(kernel, Fixtures.finish(0), Fixtures.finish(1));
        assertEquals(new RunOutcome.Completed(), kernel.outcome());
        RankAccount master = kernel.result().ranks().get(0);
        return master.sendNanos() + master.receiveNanos();
    }
}
