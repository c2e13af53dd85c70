package mse.emulator.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import mse.emulator.kernel.EmulatorReply;
import org.junit.jupiter.api.Test;

class LowerBoundResponderTest {

    /** A link that records on which thread it was flushed or answered, and what. */
    private static final class RecordingLink implements LowerBoundResponder.Link {
        volatile long facts;
        volatile boolean ended;
        final CompletableFuture<Thread> flushedOn = new CompletableFuture<>();
        final CompletableFuture<long[]> answer = new CompletableFuture<>();
        volatile Thread answeredOn;

        @Override
        public long factsReported() {
            return facts;
        }

        @Override
        public void flush() {
            flushedOn.complete(Thread.currentThread());
        }

        @Override
        public void answer(long factsBefore, long cpuNanos) {
            answeredOn = Thread.currentThread();
            answer.complete(new long[] {factsBefore, cpuNanos});
        }

        @Override
        public boolean ended() {
            return ended;
        }
    }

    @Test
    void aRequestAnsweredByALaterFactIsFlushedByTheReaderItself() throws Exception {
        RecordingLink link = new RecordingLink();
        link.facts = 5;
        LowerBoundResponder responder = new LowerBoundResponder(link);
        responder.measureWith(() -> 0);
        responder.onRequest(new EmulatorReply.ProgressRequest(1, 4, 1_000_000));
        assertSame(Thread.currentThread(), link.flushedOn.getNow(null));
        assertTrue(!link.answer.isDone());
    }

    @Test
    void aTargetAlreadyPassedIsAnsweredByTheReaderItself() {
        RecordingLink link = new RecordingLink();
        link.facts = 4;
        LowerBoundResponder responder = new LowerBoundResponder(link);
        responder.measureWith(() -> 2_000);
        responder.onRequest(new EmulatorReply.ProgressRequest(1, 4, 1_500));
        assertSame(Thread.currentThread(), link.answeredOn);
        assertEquals(2_000, link.answer.getNow(null)[1]);
    }

    @Test
    void aTargetNotYetReachedIsAnsweredLaterByTheRanksOwnThread() throws Exception {
        RecordingLink link = new RecordingLink();
        link.facts = 4;
        AtomicLong cpu = new AtomicLong(100);
        LowerBoundResponder responder = new LowerBoundResponder(link);
        responder.measureWith(cpu::get);
        responder.onRequest(new EmulatorReply.ProgressRequest(1, 4, 1_500));
        assertTrue(!link.answer.isDone());
        cpu.set(1_600); // the program computes on
        long[] answer = link.answer.get(10, TimeUnit.SECONDS);
        assertEquals(4, answer[0]);
        assertEquals(1_600, answer[1]);
        assertNotSame(Thread.currentThread(), link.answeredOn);
        link.ended = true;
        responder.stop();
    }
}
