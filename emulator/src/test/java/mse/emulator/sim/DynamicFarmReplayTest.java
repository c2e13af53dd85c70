package mse.emulator.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.dynamic.DynamicMasterState;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.kernel.MessageRecord;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import org.junit.jupiter.api.Test;

/**
 * DY's replay on the kernel by itself (its agreement with emulate to the nanosecond is PredictAgreementTest's, in
 * mpi-runner, where the program is): every rank ends, splits merge back, and the run is a function of its inputs.
 */
class DynamicFarmReplayTest {

    /** Fixed lengths: 12-byte tasks, 48-byte results, small control messages, 40 bytes per merged task. */
    private static final DynamicShape SHAPE = new DynamicShape() {
        public int taskBytes(int task) {
            return 12;
        }

        public int resultBytes(int task) {
            return 48;
        }

        public int stopBytes() {
            return 0;
        }

        public int redirectBytes() {
            return 4;
        }

        public int joinBytes() {
            return 0;
        }

        public int becomeMasterBytes(DynamicMasterState.Reply.BecomeMaster order) {
            return 16 + 8 * order.tasks().size();
        }

        public int mergeBytes(DynamicMasterState.MergeOrder order) {
            return 64;
        }

        public int mergeResultsBytes(DynamicMasterState.MergeOrder order) {
            return 40 * order.results().stream().mapToInt(r -> r.to() - r.from()).sum();
        }
    };

    private static DynamicFarmReplay.DynamicRun run(int np, long[] costs, DynamicSettings settings, AtomicLong observed) {
        LogGpsModel network = new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np);
        return new DynamicFarmReplay(network, new TargetCpu(1.0), SHAPE, settings, costs)
                .observedBy((MessageRecord m) -> observed.incrementAndGet()).run();
    }

    private static long[] costs(int n) {
        long[] costs = new long[n];
        for (int t = 0; t < n; t++) {
            costs[t] = 5_000 + 1_000L * (t % 7);
        }
        return costs;
    }

    @Test
    void fewerTasksThanSlavesStopsTheRestAtOnce() {
        AtomicLong observed = new AtomicLong();
        DynamicFarmReplay.DynamicRun run = run(6, costs(3), DynamicSettings.defaults(), observed);
        assertEquals(3 + 2 + 3 + 3, run.run().messages(), "3 tasks and 2 stops, 3 results, 3 stops");
        assertEquals(run.run().messages(), observed.get(), "the observer hears every delivered message");
        assertEquals(List.of(), run.events());
        assertEquals(5_000 + 6_000 + 7_000, run.run().sequentialNanos());
    }

    @Test
    void aSaturatedMasterSplitsToDepthTwoAndEverySecondaryMergesBack() {
        DynamicSettings eager = new DynamicSettings(1, 0, 2, 2);
        DynamicFarmReplay.DynamicRun first = run(17, costs(400), eager, new AtomicLong());
        DynamicFarmReplay.DynamicRun second = run(17, costs(400), eager, new AtomicLong());
        List<MasterEvent> log = first.events();
        long splits = log.stream().filter(e -> e.action().equals(MasterEvent.SPLIT)).count();
        assertTrue(splits >= 2, "splits: " + log);
        assertEquals(splits, log.size() - splits, "as many merges as splits: " + log);
        assertTrue(log.stream().anyMatch(e -> e.depth() == 2), "a secondary split again: " + log);
        assertTrue(log.stream().allMatch(e -> e.depth() <= 2), "--max-depth 2: " + log);
        assertEquals(first.run().predictedNanos(), second.run().predictedNanos());
        assertEquals(log, second.events());
    }
}
