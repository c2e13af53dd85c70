package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A poll loop for a message that no rank can send any more ends the run as a deadlock (PollLoops), and only that. */
class PollLoopsTest {

    private static RankFact.ProbeAny poll(int rank, long cpuNanos, int source, int tag) {
        return new RankFact.ProbeAny(rank, cpuNanos, List.of(new MessagePattern(source, tag)), true);
    }

    /** Polls as rank 0 until the run is over or `limit` polls were made: how many it made. */
    private static int pollUntilOver(VirtualTimeKernel kernel, long cpuNanos, int limit) {
        int polls = 0;
        while (polls < limit && !kernel.outcome().isOver()) {
            feed(kernel, poll(0, cpuNanos, 1, 5));
            polls++;
        }
        return polls;
    }

    @Test
    void aRankPollingForAMessageNobodyCanSendEndsTheRunNamingItsLoopAndTheWaits() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, receive(1, 0, 9));
        for (int i = 1; i < PollLoops.IDLE_POLLS; i++) {
            assertEquals(List.of(EmulatorReply.NothingArrived.class), feed(kernel, poll(0, 10, 1, 5)).stream()
                    .map(Object::getClass).toList(), "poll " + i);
        }
        List<EmulatorReply> replies = feed(kernel, poll(0, 10, 1, 5));
        RunOutcome.Deadlocked deadlock = assertInstanceOf(RunOutcome.Deadlocked.class, kernel.outcome());
        String text = deadlock.report().toString();
        assertTrue(text.startsWith("deadlock: every live rank is blocked or polls in a loop, and no message can come: "), text);
        assertTrue(text.contains("rank 0 waits in a loop of polls (MPI_Test, MPI_Iprobe, ...: " + PollLoops.IDLE_POLLS
                + " in a row with nothing arriving) for probe(source=1, tag=5)"), text);
        assertTrue(text.contains("rank 1 waits in receive(source=0, tag=9)"), text);
        assertEquals(List.of(0, 1), replies.stream().filter(EmulatorReply.Abort.class::isInstance)
                .map(EmulatorReply::rank).toList());
    }

    @Test
    void aRankThatWorksBetweenItsPollsIsNoLoop() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, receive(1, 0, 9));
        int polls = pollUntilOver(kernel, 2 * PollLoops.POLL_WORK_NANOS, 2 * PollLoops.IDLE_POLLS);
        assertEquals(2 * PollLoops.IDLE_POLLS, polls);
        assertInstanceOf(RunOutcome.Running.class, kernel.outcome());
        assertEquals(1, feed(kernel, send(0, 1, 9, 4)).stream().filter(EmulatorReply.Grant.class::isInstance).count(),
                "and its send ends the wait");
    }

    @Test
    void aReadingOfTheClockStartsTheCountAgain() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        feed(kernel, receive(1, 0, 9));
        pollUntilOver(kernel, 0, PollLoops.IDLE_POLLS - 1);
        feed(kernel, new RankFact.ClockQuery(0, 0));
        pollUntilOver(kernel, 0, PollLoops.IDLE_POLLS - 1);
        assertInstanceOf(RunOutcome.Running.class, kernel.outcome(), "a loop that reads the clock may wait for a time");
    }

    /**
     * A message still on its way to a blocked rank is granted once the poller's clock has passed its arrival (the
     * poller could still send something earlier until then): no loop until then, however many polls it takes.
     */
    @Test
    void aMessageOnItsWayToAWaitingRankKeepsTheRunGoing() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, receive(2, 1, 3), receive(2, 0, 11), send(1, 2, 3, 40_000_000), receive(1, 0, 9));
        int polls = pollUntilOver(kernel, 0, 100 * PollLoops.IDLE_POLLS);
        assertTrue(polls > 2 * PollLoops.IDLE_POLLS, "the 40 MB message on its way kept the run going for " + polls
                + " polls, then rank 2 waited again and the loop counted anew");
        RunOutcome.Deadlocked deadlock = assertInstanceOf(RunOutcome.Deadlocked.class, kernel.outcome());
        String text = deadlock.report().toString();
        assertTrue(text.contains("rank 1 waits in receive(source=0, tag=9)"), text);
        assertTrue(text.contains("rank 2 waits in receive(source=0, tag=11)"), "its next receive, held until then: " + text);
    }
}
