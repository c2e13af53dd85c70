package mse.mpi.apps.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import mse.mpi.apps.mase.MaseJob;
import mse.mpi.apps.mase.MaseWorkload;
import mse.mpi.comm.LocalWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DY on ranks as threads (LocalComm, wall-clock wtime): whatever splits and merges happen, rank 0 ends
 * with exactly the sequential results, every rank ends, and the log respects --max-depth. Tiny
 * thresholds force splitting (and merging) so that the protocol itself is exercised, not the timing.
 */
class DynamicMastersLocalTest {

    private static final ImageSpec IMAGE = new ImageSpec(48, 40, -2, 1, -1.5, 1.5, 200);
    /** Splits as soon as a window of 2 is full: every master that can split does. */
    private static final DynamicSettings FORCED_SPLIT = DynamicSettings.parse("1ns", "0", 2, 2);

    private static String run(int np, Strategy strategy, Supplier<Workload> work) {
        String[] checksum = new String[1];
        new LocalWorld(np).run(comm -> {
            Workload w = work.get();
            strategy.run(comm, w);
            if (comm.rank() == 0) {
                checksum[0] = w.checksum();
            }
        });
        return checksum[0];
    }

    private static String mase(int np, int taskPoints, DynamicMasters dy) {
        return run(np, dy, () -> new MaseWorkload(new MaseJob(IMAGE, taskPoints)));
    }

    @ParameterizedTest(name = "DY np {0}, {1} points per task")
    @CsvSource({"2, 1", "3, 7", "5, 1", "8, 4", "8, 64", "13, 2", "13, 333"})
    void defaultSettingsMatchSequential(int np, int taskPoints) {
        assertEquals(CountImage.sequential(IMAGE).checksum(), mase(np, taskPoints, new DynamicMasters(DynamicSettings.defaults())));
    }

    @ParameterizedTest(name = "DY forced splits, np {0}, {1} points per task")
    @CsvSource({"2, 1", "3, 1", "5, 1", "8, 1", "8, 16", "13, 1", "13, 5", "16, 2"})
    void forcedSplittingMatchesSequentialAndRespectsDepth(int np, int taskPoints) {
        DynamicMasters dy = new DynamicMasters(FORCED_SPLIT);
        assertEquals(CountImage.sequential(IMAGE).checksum(), mase(np, taskPoints, dy));
        checkLog(dy.events(), 2);
        if (np >= 5) {
            assertFalse(dy.events().isEmpty(), "a 1 ns split wait must split with " + (np - 1) + " slaves");
        }
        if (np == 16) {
            assertTrue(dy.events().stream().anyMatch(e -> e.depth() == 2), "secondaries split again: " + dy.events());
        }
    }

    @ParameterizedTest(name = "DY forced splits and early merges, np {0}, max depth {1}")
    @CsvSource({"8, 1", "13, 2", "16, 3"})
    void forcedMergingMatchesSequential(int np, int maxDepth) {
        // every secondary's slaves wait less than an hour: each merges back as soon as its window is full
        DynamicMasters dy = new DynamicMasters(new DynamicSettings(1, 3_600_000_000_000L, maxDepth, 2));
        assertThrows(IllegalArgumentException.class, () -> DynamicSettings.parse("1ns", "3600s", 2, 2));
        assertEquals(CountImage.sequential(IMAGE).checksum(), mase(np, 1, dy));
        checkLog(dy.events(), maxDepth);
        assertTrue(dy.events().stream().anyMatch(e -> e.action().equals(MasterEvent.MERGE) && e.tasksMoved() > 0),
                "a secondary merged back early, handing back unassigned tasks: " + dy.events());
    }

    @Test
    void epChecksumUnderDynamicEqualsSingleMaster() {
        Supplier<Workload> ep = () -> new EpWorkload(37, 2000, 7);
        String reference = run(5, new SingleMaster(), ep);
        assertEquals(reference, run(8, new DynamicMasters(FORCED_SPLIT), ep));
        assertEquals(reference, run(13, new DynamicMasters(DynamicSettings.defaults()), ep));
    }

    @Test
    void maxDepthZeroNeverSplits() {
        DynamicMasters dy = new DynamicMasters(DynamicSettings.parse("1ns", "0", 0, 2));
        assertEquals(CountImage.sequential(IMAGE).checksum(), mase(9, 1, dy));
        assertTrue(dy.events().isEmpty());
    }

    /** Every split has its merge, depths are within bounds, and tasks handed back never exceed those handed out. */
    static void checkLog(List<MasterEvent> events, int maxDepth) {
        long splits = events.stream().filter(e -> e.action().equals(MasterEvent.SPLIT)).count();
        long merges = events.stream().filter(e -> e.action().equals(MasterEvent.MERGE)).count();
        assertEquals(splits, merges, "every secondary merges back: " + events);
        for (MasterEvent e : events) {
            assertTrue(e.depth() >= 1 && e.depth() <= maxDepth, "depth out of bounds: " + e);
            assertTrue(e.master() > 0, "rank 0 is never a secondary: " + e);
        }
    }
}
