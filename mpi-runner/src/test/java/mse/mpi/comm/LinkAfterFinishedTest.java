package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulatorLink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Finished is the last fact a rank writes: a lower bound the link's responder was measuring when the
 * program thread finished must not follow it (the kernel refused it and the keeper aborted every rank). The
 * interleaving is staged by latches: the answer is measured across Finished, and the link closes only once the
 * reader has written or dropped that answer (with the guard in EmulatorLink's answer removed, this fails every time).
 */
@Timeout(30)
class LinkAfterFinishedTest {

    @Test
    void aLowerBoundMeasuredWhileTheRankFinishesIsNotWrittenAfterFinished() throws Exception {
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatorLink link = emulator.connect(1, 2);
            CountDownLatch measuring = new CountDownLatch(1);
            CountDownLatch finished = new CountDownLatch(1);
            CountDownLatch answered = new CountDownLatch(1);
            AtomicInteger measurements = new AtomicInteger();
            link.measureCpuWith(() -> {
                if (measurements.incrementAndGet() == 1) {
                    measuring.countDown();
                    awaitQuietly(finished);
                    return 7;
                }
                // The link's reader serves requests one after the other: measuring the second means it has
                // written (or dropped) its answer to the first.
                answered.countDown();
                return 0;
            });
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 1));
            measuring.await();
            link.report(new RankFact.Finished(1, 0));
            finished.countDown();
            emulator.reply(new EmulatorReply.ProgressRequest(1, 1, Long.MAX_VALUE));
            answered.await();
            link.close();
            assertEquals(List.of(new RankFact.Finished(1, 0)), emulator.untilClosed());
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
