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
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the keeper tells a rank with a grant: the message its next receive of the same pattern will take, once no
 * rank can still send one that passes first. The receive, posted later without waiting, must take exactly that.
 */
class DecidedMatchTest {

    private static final MessagePattern ANY_RESULT = new MessagePattern(ANY, 2);

    @Test
    void theNextMatchIsDecidedOnlyOnceNoRankCanStillPrecedeIt() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, receive(0, ANY, 2));
        feed(kernel, new RankFact.Sent(1, 0, 0, 2, 8));
        List<EmulatorReply.Grant> first = grants(feed(kernel, new RankFact.Sent(2, 1_000_000, 0, 2, 16)));
        assertEquals(1, first.get(0).source(), "rank 1's result reaches rank 0 first");
        assertEquals(Optional.empty(), kernel.decidedMatch(0, ANY_RESULT),
                "rank 1 still runs and could send a message that passes before rank 2's");
        feed(kernel, finish(1));
        assertEquals(Optional.of(new EmulatorReply.Grant.Next(2, 2, 16)), kernel.decidedMatch(0, ANY_RESULT),
                "only rank 0's own next message could still come first, if it sent it to itself, which voids this");
        feed(kernel, new RankFact.Computed(0, 2_000_000));
        assertEquals(Optional.of(new EmulatorReply.Grant.Next(2, 2, 16)), kernel.decidedMatch(0, ANY_RESULT),
                "rank 0's clock passed rank 2's arrival: nothing can come before it any more");
        assertEquals(Optional.empty(), kernel.decidedMatch(0, new MessagePattern(1, 2)), "nothing else from rank 1");

        List<EmulatorReply.Grant> second = grants(feed(kernel, new RankFact.Receive(0, 0, ANY, 2, false)));
        assertEquals(2, second.get(0).source(), "the receive took the decided message");
        assertEquals(16, second.get(0).bytes());
        assertEquals(Optional.empty(), kernel.decidedMatch(0, ANY_RESULT));
        feed(kernel, finish(2), finish(0));
        assertTrue(kernel.outcome() instanceof RunOutcome.Completed, kernel.outcome().toString());
    }

    @Test
    void aMessageTheRankSendsItselfIsWhatTheDecidedMatchLeavesOut() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, receive(0, ANY, 2));
        feed(kernel, new RankFact.Sent(1, 0, 0, 2, 8), new RankFact.Sent(1, 50_000_000, 0, 2, 16), finish(1));
        assertEquals(Optional.of(new EmulatorReply.Grant.Next(1, 2, 16)), kernel.decidedMatch(0, ANY_RESULT));
        List<EmulatorReply.Grant> own = grants(feed(kernel, new RankFact.Sent(0, 0, 0, 2, 4),
                new RankFact.Receive(0, 0, ANY, 2, true)));
        assertEquals(0, own.get(0).source(), "its own message passes first: why a send to itself voids what it was told");
        assertEquals(1, grants(feed(kernel, new RankFact.Receive(0, 0, ANY, 2, true))).get(0).source());
        feed(kernel, finish(0));
        assertTrue(kernel.outcome() instanceof RunOutcome.Completed, kernel.outcome().toString());
    }

    @Test
    void askingWhatIsDecidedChangesNothingVirtual() {
        VirtualTimeKernel asked = Fixtures.kernel(3);
        VirtualTimeKernel told = Fixtures.kernel(3);
        for (VirtualTimeKernel kernel : List.of(asked, told)) {
            feed(kernel, send(1, 0, 2, 8), send(2, 0, 2, 8), finish(1), finish(2));
        }
        feed(asked, receive(0, ANY, 2), receive(0, ANY, 2), finish(0));
        feed(told, receive(0, ANY, 2));
        told.decidedMatch(0, ANY_RESULT);
        feed(told, new RankFact.Receive(0, 0, ANY, 2, false), finish(0));
        assertEquals(asked.result(), told.result());
    }
}
