package mse.emulator.actors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mse.emulator.kernel.RankFact;
import org.junit.jupiter.api.Test;

class LowerBoundAskingTest {

    @Test
    void aRankWhoseFactsComeCloseTogetherWaitsForThePause() {
        LowerBoundAsking asking = new LowerBoundAsking(2);
        asking.observe(new RankFact.Receive(1, 2_000, 0, 1, true));
        asking.observe(new RankFact.TaskDone(1, LowerBoundAsking.AT_ONCE_CPU_NANOS - 1, 7, 3_000));
        asking.observe(new RankFact.Sent(1, 0, 0, 2, 8));
        assertFalse(asking.asksAtOnce(1));
    }

    @Test
    void aLongComputationGetsTheRankAskedAtOnceUntilShortOnesFollowIt() {
        LowerBoundAsking asking = new LowerBoundAsking(2);
        asking.observe(new RankFact.TaskDone(1, 4 * LowerBoundAsking.AT_ONCE_CPU_NANOS, 7, 0));
        assertTrue(asking.asksAtOnce(1));
        assertFalse(asking.asksAtOnce(0), "another rank's history is its own");
        int facts = 0;
        while (asking.asksAtOnce(1)) {
            asking.observe(new RankFact.Sent(1, 1_000, 0, 2, 8));
            facts++;
        }
        assertTrue(facts >= 8 && facts <= 16, "forgotten after " + facts + " short facts, not at once and not never");
    }

    @Test
    void aProgressShowingALongComputationCounts() {
        LowerBoundAsking asking = new LowerBoundAsking(3);
        asking.observe(new RankFact.Progress(2, 4, LowerBoundAsking.AT_ONCE_CPU_NANOS));
        assertTrue(asking.asksAtOnce(2));
    }
}
