package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A heartbeat answer can cross the rank's Finished on the wire (the link's reader thread answers a request
 * that was pending when the program thread finished): it says nothing new and must not end the run.
 */
class LateHeartbeatTest {

    @Test
    void aProgressAfterFinishedIsIgnored() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, finish(1));
        assertEquals(List.of(), kernel.accept(new RankFact.Progress(1, 1, 5_000)));
        feed(kernel, finish(0));
        assertInstanceOf(RunOutcome.Completed.class, kernel.outcome());
    }

    /** Over LocalComm the rank is blocked in the kernel's view, so its Finished and the Progress are held. */
    @Test
    void aHeldProgressAfterAHeldFinishedIsIgnoredWhenTheRankWakes() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, new RankFact.Receive(1, 0, 0, 4, false), finish(1), new RankFact.Progress(1, 2, 5_000));
        feed(kernel, send(0, 1, 4, 8), finish(0));
        assertInstanceOf(RunOutcome.Completed.class, kernel.outcome());
    }

    @Test
    void aRealFactAfterFinishedNamesTheRankThatSentIt() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, new RankFact.Receive(1, 0, 0, 4, false), finish(1), send(1, 0, 4, 8));
        RankProtocolException e = assertThrows(RankProtocolException.class, () -> feed(kernel, send(0, 1, 4, 8)));
        assertEquals(1, e.rank(), "the rank whose held fact broke the protocol, not the one whose fact woke it");
    }
}
