package mse.emulator.kernel;

import static mse.emulator.kernel.Fixtures.ANY;
import static mse.emulator.kernel.Fixtures.feed;
import static mse.emulator.kernel.Fixtures.finish;
import static mse.emulator.kernel.Fixtures.receive;
import static mse.emulator.kernel.Fixtures.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeadlockAndFailureTest {

    @Test
    void deadlockReportNamesEveryBlockedRank() {
        VirtualTimeKernel kernel = Fixtures.kernel(4);
        feed(kernel, receive(0, ANY, 2), receive(1, 0, ANY), finish(3));
        List<EmulatorReply> replies = feed(kernel, send(2, 0, 9, 8), receive(2, 1, 4));

        RunOutcome.Deadlocked deadlock = assertInstanceOf(RunOutcome.Deadlocked.class, kernel.outcome());
        assertEquals(List.of(
                new DeadlockReport.Wait(0, "receive(source=ANY, tag=2)"),
                new DeadlockReport.Wait(1, "receive(source=0, tag=ANY)"),
                new DeadlockReport.Wait(2, "receive(source=1, tag=4)")), deadlock.report().waits());
        String text = deadlock.report().toString();
        assertTrue(text.contains("rank 0 waits in receive(source=ANY, tag=2)"), text);
        assertTrue(text.contains("rank 2 waits in receive(source=1, tag=4)"), text);
        assertEquals(List.of(0, 1, 2), replies.stream()
                .filter(EmulatorReply.Abort.class::isInstance).map(EmulatorReply::rank).toList(), "finished rank 3 is left alone");
    }

    /** A wait over 9,000 distinct receives names its first patterns and how many more: a report, not megabytes. */
    @Test
    void aWaitOverThousandsOfPatternsIsReportedByItsFirst() {
        VirtualTimeKernel kernel = Fixtures.kernel(2);
        List<MessagePattern> many = java.util.stream.IntStream.range(0, 9000).mapToObj(tag -> new MessagePattern(1, tag))
                .toList();
        feed(kernel, new RankFact.ProbeAny(0, 0, many, false), receive(1, 0, 5));
        RunOutcome.Deadlocked deadlock = assertInstanceOf(RunOutcome.Deadlocked.class, kernel.outcome());
        String wait = deadlock.report().waits().get(0).toString();
        assertTrue(wait.startsWith("rank 0 waits in probe(source=1, tag=0) or (source=1, tag=1) or"), wait);
        assertTrue(wait.endsWith("(source=1, tag=7) or 8992 more patterns"), wait);
    }

    @Test
    void synchronousSendToAFinishedRankIsADeadlock() {
        VirtualTimeKernel kernel = new VirtualTimeKernel(SynchronousSendTest.rendezvousModel(2),
                new mse.emulator.model.TargetCpu(1.0));
        feed(kernel, finish(1), send(0, 1, 3, 5000));
        RunOutcome.Deadlocked deadlock = assertInstanceOf(RunOutcome.Deadlocked.class, kernel.outcome());
        assertEquals("rank 0 waits in synchronous send(dest=1, tag=3, bytes=5000)",
                deadlock.report().waits().get(0).toString());
    }

    @Test
    void aFailedRankEndsTheRunAndAbortsTheOthers() {
        VirtualTimeKernel kernel = Fixtures.kernel(3);
        feed(kernel, finish(2), receive(0, ANY, ANY));
        List<EmulatorReply> replies = feed(kernel, new RankFact.Failed(1, "OutOfMemoryError"));
        assertEquals(new RunOutcome.Failed(1, "OutOfMemoryError"), kernel.outcome());
        assertEquals(List.of(new EmulatorReply.Abort(0, "rank 1 failed: OutOfMemoryError")), replies);
        assertInstanceOf(EmulatorReply.Abort.class, kernel.accept(send(0, 1, 1, 1)).get(0), "late facts are refused");
    }
}
