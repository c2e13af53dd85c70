package mse.emulator.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.emulator.dynamic.DynamicMasterState.Reply;
import org.junit.jupiter.api.Test;

/** DY's decisions without messages: when a master splits, whom it redirects, how it winds down and merges. */
class DynamicMasterStateTest {

    /** Split above 10 ns of median wait over a window of 2, merge below 5 ns, depth at most 1. */
    private static final DynamicSettings SETTINGS = new DynamicSettings(10, 5, 1, 2);
    /** A result's wait that adds no sample (DynamicSlave's first task). */
    private static final long UNKNOWN = -1;

    /**
     * --prefetch 2: the start deals two rounds, a result brings one more task, and a slave that still holds a task
     * when none is left is held (no message) until its last result is in, and only then stopped.
     */
    @Test
    void prefetchingSlavesHoldTwoTasksAndAreStoppedOnlyWhenTheyHoldNone() {
        DynamicMasterState root = DynamicMasterState.root(SETTINGS, 5, 10, 2, () -> 0.0);
        for (int slave = 1; slave < 5; slave++) {
            assertEquals(new Reply.Assign(slave - 1), root.first(slave));
        }
        for (int slave = 1; slave < 5; slave++) {
            assertEquals(new Reply.Assign(slave + 3), root.prefetched(slave));
        }
        assertNull(root.prefetched(1), "two in flight: no third");
        root.observe(1, UNKNOWN);
        assertEquals(new Reply.Assign(8), root.reply(1));
        assertNull(root.prefetched(1));
        root.observe(2, UNKNOWN);
        assertEquals(new Reply.Assign(9), root.reply(2));
        root.observe(3, UNKNOWN);
        assertEquals(new Reply.Hold(), root.reply(3), "slave 3 still holds task 6");
        root.observe(3, UNKNOWN);
        assertEquals(new Reply.Stop(), root.reply(3));
        assertTrue(root.serving());
    }

    @Test
    void aBusyMasterHandsHalfItsTasksAndSlavesToTheSlaveThatAsks() {
        DynamicMasterState root = DynamicMasterState.root(SETTINGS, 9, 100, 1, () -> 0.25);
        for (int slave = 1; slave < 9; slave++) {
            assertEquals(new Reply.Assign(slave - 1), root.first(slave));
        }
        root.observe(1, 50);
        assertEquals(new Reply.Assign(8), root.reply(1), "one sample: the window is not full yet");
        root.observe(2, 50);
        Reply.BecomeMaster order = assertInstanceOf(Reply.BecomeMaster.class, root.reply(2));
        assertEquals(new Reply.BecomeMaster(0, 1, 3, List.of(new TaskRanges.Range(55, 100))), order, "8 members: a group of 4");
        for (int slave : new int[] {3, 4, 5}) {
            root.observe(slave, UNKNOWN);
            assertEquals(new Reply.Redirect(2), root.reply(slave), "the next group - 1 contacts join the secondary");
        }
        root.observe(6, UNKNOWN);
        assertEquals(new Reply.Assign(9), root.reply(6));
        assertEquals(List.of(new MasterEvent(0.25, 2, MasterEvent.SPLIT, 45, 3, 1)), root.log());
    }

    @Test
    void aSecondaryAtMaxDepthNeverSplitsAndWindsDownWhenItsSlavesHardlyWait() {
        Reply.BecomeMaster order = new Reply.BecomeMaster(0, 1, 2, List.of(new TaskRanges.Range(50, 60)));
        DynamicMasterState secondary = DynamicMasterState.secondary(SETTINGS, 9, 4, order, 1, () -> 0.5);
        assertTrue(secondary.serving());
        assertEquals(new Reply.Assign(50), secondary.reply(5), "JOIN");
        assertEquals(new Reply.Assign(51), secondary.reply(6), "JOIN");
        secondary.observe(6, 1_000);
        secondary.observe(5, 1_000);
        assertEquals(new Reply.Assign(52), secondary.reply(5), "depth 1 = --max-depth: no split however long the wait");
        secondary.observe(6, 1);
        assertEquals(new Reply.Assign(53), secondary.reply(6), "the upper median of 1000 and 1 ns is above --merge-wait");
        secondary.observe(5, 1);
        assertEquals(new Reply.Redirect(0), secondary.reply(5), "median below --merge-wait: slaves go back to the parent");
        secondary.observe(6, 1);
        assertEquals(new Reply.Redirect(0), secondary.reply(6));
        assertFalse(secondary.serving());
        DynamicMasterState.MergeOrder merge = secondary.mergeBack();
        assertEquals(2, merge.returnedSlaves());
        assertEquals(List.of(new TaskRanges.Range(54, 60)), merge.unassigned());
        assertEquals(List.of(new TaskRanges.Range(50, 54)), merge.results());
        assertEquals(List.of(new MasterEvent(0.5, 4, MasterEvent.MERGE, 6, 2, 1)), merge.events());
    }

    @Test
    void theParentTakesBackTasksSlavesAndLogOfAMergedSecondary() {
        DynamicMasterState root = DynamicMasterState.root(SETTINGS, 5, 12, 1, () -> 0.0);
        for (int slave = 1; slave < 5; slave++) {
            root.first(slave);
        }
        root.observe(2, 50);
        root.observe(1, 50);
        assertEquals(new Reply.BecomeMaster(0, 1, 1, List.of(new TaskRanges.Range(8, 12))), root.reply(1));
        assertEquals(new Reply.Redirect(1), root.reply(2));
        for (int task = 4; task < 8; task += 2) {
            root.observe(3, UNKNOWN);
            assertEquals(new Reply.Assign(task), root.reply(3));
            root.observe(4, UNKNOWN);
            assertEquals(new Reply.Assign(task + 1), root.reply(4));
        }
        root.observe(3, UNKNOWN);
        assertEquals(new Reply.Stop(), root.reply(3));
        root.observe(4, UNKNOWN);
        assertEquals(new Reply.Stop(), root.reply(4));
        assertTrue(root.serving(), "the secondary has not merged yet");
        MasterEvent merged = new MasterEvent(0.1, 1, MasterEvent.MERGE, 1, 1, 1);
        root.absorb(1, List.of(new TaskRanges.Range(11, 12)), List.of(merged));
        assertEquals(new Reply.Assign(11), root.reply(1), "the merged rank is a slave again, the returned task is ours");
        assertEquals(new Reply.Stop(), root.reply(2), "and so is the slave it returned");
        root.observe(1, UNKNOWN);
        assertEquals(new Reply.Stop(), root.reply(1));
        assertFalse(root.serving());
        assertEquals(0, root.unassigned());
        assertEquals(List.of(new MasterEvent(0.0, 1, MasterEvent.SPLIT, 4, 1, 1), merged), root.log());
    }

    @Test
    void aWaitIsTheDifferenceOfTwoWtimesRoundedToTheNanosecond() {
        assertEquals(1_500, DynamicMasterState.waitNanos(0.000_001, 0.000_002_5));
    }
}
