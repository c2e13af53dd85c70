package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.RankCpus;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/** Ranks on hosts of different speed: each rank's CPU time is charged with its own host's ratio. */
class RankCpusTest {

    private static final TargetCpu SAME = new TargetCpu(1.0);
    private static final TargetCpu FOUR_TIMES_SLOWER_HOST = new TargetCpu(4.0);

    @Test
    void eachRankIsChargedWithItsHostsRatio() {
        VirtualTimeKernel kernel = new VirtualTimeKernel(Fixtures.model(3),
                new RankCpus(List.of(SAME, FOUR_TIMES_SLOWER_HOST, SAME)), KernelObserver.NONE);
        feed(kernel, new RankFact.Computed(0, 4_000), new RankFact.Computed(1, 4_000), new RankFact.Computed(2, 4_000));
        assertEquals(4_000, kernel.clockOf(0));
        assertEquals(1_000, kernel.clockOf(1));
        assertEquals(4_000, kernel.clockOf(2));
    }

    @Test
    void aHeartbeatBoundsTheRankWithItsOwnRatio() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = new VirtualTimeKernel(model,
                new RankCpus(List.of(SAME, SAME, FOUR_TIMES_SLOWER_HOST)), KernelObserver.NONE);
        feed(kernel, new RankFact.Sent(1, 1_000_000, 0, 1, 8), finish(1), receive(0, ANY, ANY));
        // The message reaches rank 0's interface at 1 ms + o_s + L; rank 2 must be unable to reach it first.
        long reach = 1_000_000 + model.sendOverheadNanos(8) + model.latencyNanos();
        long needed = reach - model.lookaheadNanos();
        // Rank 2's host CPU counts a quarter in virtual time: 4 x needed - 4 ns of it is not yet enough.
        assertTrue(grants(feed(kernel, new RankFact.Progress(2, 0, 4 * needed - 4))).isEmpty());
        assertEquals(1, grants(feed(kernel, new RankFact.Progress(2, 0, 4 * needed))).size());
    }

    @Test
    void oneCpuPerProcess() {
        assertThrows(IllegalArgumentException.class, () -> new VirtualTimeKernel(Fixtures.model(3),
                RankCpus.uniform(SAME, 2), KernelObserver.NONE));
    }
}
