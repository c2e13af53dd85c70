package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.grants;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.emulator.model.LogGpsModel;
import org.junit.jupiter.api.Test;

/** ProbeAny: iprobe and test answer as of the rank's virtual now; waitAny takes the first arrival of several patterns. */
class PollTest {

    private static RankFact.ProbeAny poll(int rank, long cpuNanos, int source, int tag) {
        return new RankFact.ProbeAny(rank, cpuNanos, List.of(new MessagePattern(source, tag)), true);
    }

    @Test
    void aPollBeforeTheArrivalFindsNothingAndOneAfterItFindsTheMessageWithoutMovingTheClock() {
        LogGpsModel model = Fixtures.model(2);
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        long arrival = model.sendOverheadNanos(100) + model.wireNanos(100);
        feed(kernel, send(0, 1, 4, 100), finish(0));
        assertEquals(List.of(new EmulatorReply.NothingArrived(1, arrival - 1)), feed(kernel, poll(1, arrival - 1, ANY, ANY)));
        long afterEmptyPoll = arrival - 1 + model.recvOverheadNanos(0);
        assertEquals(afterEmptyPoll, kernel.clockOf(1), "an empty poll costs o_r(P, 0)");
        assertEquals(List.of(new EmulatorReply.Grant(1, 0, 4, 100, afterEmptyPoll)), feed(kernel, poll(1, 0, ANY, ANY)),
                "now the message is there; a poll that finds it costs nothing itself");
        assertEquals(afterEmptyPoll + model.recvOverheadNanos(100), grants(feed(kernel, receive(1, 0, 4))).get(0).virtualNanos());
    }

    @Test
    void aPollWaitsUntilNoEarlierArrivalIsPossibleAndAsksTheRunningRankForProgress() {
        LogGpsModel model = Fixtures.model(2);
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        long now = 10 * model.lookaheadNanos();
        assertTrue(feed(kernel, poll(1, now, 0, 4)).isEmpty(), "rank 0 runs at 0 and could still send in time");
        List<EmulatorReply.ProgressRequest> asked = kernel.progressRequests();
        assertEquals(1, asked.size());
        assertEquals(now + 1 - model.lookaheadNanos(), asked.get(0).cpuNanos(), "the CPU after which rank 0 cannot reach by now");
        assertTrue(feed(kernel, new RankFact.Progress(0, 0, asked.get(0).cpuNanos() - 1)).isEmpty());
        assertEquals(List.of(new EmulatorReply.NothingArrived(1, now)),
                feed(kernel, new RankFact.Progress(0, 0, asked.get(0).cpuNanos())));
    }

    @Test
    void aPollSeesTheMessageOfARankThatSendsInTimeAfterThePollWasPosted() {
        LogGpsModel model = Fixtures.model(2);
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        long now = 10 * model.lookaheadNanos();
        feed(kernel, poll(1, now, ANY, 4));
        List<EmulatorReply> replies = feed(kernel, send(0, 1, 4, 8), finish(0));
        assertEquals(List.of(new EmulatorReply.Grant(1, 0, 4, 8, now)), replies.stream()
                .filter(r -> r.rank() == 1).toList());
    }

    @Test
    void aBlockingProbeOverSeveralPatternsTakesTheFirstArrival() {
        LogGpsModel model = Fixtures.model(3);
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, new RankFact.Computed(2, 1_000_000), send(2, 0, 7, 8), finish(2), send(1, 0, 6, 8), finish(1));
        RankFact.ProbeAny waitAny = new RankFact.ProbeAny(0, 0, List.of(new MessagePattern(2, 7), new MessagePattern(1, 6)), false);
        List<EmulatorReply.Grant> granted = grants(feed(kernel, waitAny));
        assertEquals(1, granted.get(0).source(), "rank 1's message arrives first although its pattern comes second");
        assertEquals(model.sendOverheadNanos(8) + model.wireNanos(8), granted.get(0).virtualNanos());
    }

    @Test
    void pollsNeverLeaveTheRunDeadlockedWithZeroLookahead() {
        mse.cluster.profiles.NetworkProfile free = new mse.cluster.profiles.NetworkProfile("free", "test", 0, 0, 0, 0,
                new mse.cluster.profiles.NetworkProfile.Overhead(0, 0, 0), new mse.cluster.profiles.NetworkProfile.Overhead(0, 0, 0));
        VirtualTimeKernel kernel = new VirtualTimeKernel(new LogGpsModel(free, 2), new mse.emulator.model.TargetCpu(1.0));
        feed(kernel, poll(0, 5, 1, 1));
        assertEquals(List.of(new EmulatorReply.NothingArrived(0, 5)), feed(kernel, poll(1, 5, 0, 1)),
                "both wait: the least clock, then the least rank, answers first");
        assertEquals(List.of(new EmulatorReply.NothingArrived(1, 5)), feed(kernel, finish(0)),
                "rank 0 ran at 5 and could have sent in time with zero lookahead, until it finished");
        feed(kernel, finish(1));
        assertTrue(kernel.outcome() instanceof RunOutcome.Completed);
    }

    /** Tags are no longer reserved for collectives: contexts keep them apart, and every tag matches a wildcard. */
    @Test
    void wildcardsMatchEveryTagOfTheirContextAndNothingOfAnother() {
        MessagePattern anyTag = new MessagePattern(ANY, ANY);
        assertTrue(anyTag.matches(3, 32760, RankFact.WORLD_CONTEXT) && anyTag.matches(3, Integer.MAX_VALUE, 0));
        assertTrue(!anyTag.matches(3, 7, RankFact.WORLD_LIBRARY_CONTEXT));
        assertTrue(new MessagePattern(3, 7, 4).matches(3, 7, 4) && !new MessagePattern(3, 7, 4).matches(3, 7, 6));
        assertTrue(!anyTag.overlaps(new MessagePattern(ANY, ANY, RankFact.WORLD_LIBRARY_CONTEXT)));
        assertTrue(anyTag.overlaps(new MessagePattern(2, 5)) && !new MessagePattern(1, ANY).overlaps(new MessagePattern(2, ANY)));
    }
}
