package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.kernel.RankFact;
import mse.emulator.wire.EmulatorLink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Finished is the last fact a rank writes: a lower bound the link's responder was measuring when the
 * program thread finished must not follow it (the kernel refused it and the keeper aborted every rank).
 */
@Timeout(30)
class LinkAfterFinishedTest {

    @Test
    void aLowerBoundMeasuredWhileTheRankFinishesIsNotWrittenAfterFinished() throws Exception {
        try (ScriptedEmulator emulator = new ScriptedEmulator()) {
            EmulatorLink link = emulator.connect(1, 2);
            CountDownLatch measuring = new CountDownLatch(1);
            CountDownLatch finished = new CountDownLatch(1);
            link.measureCpuWith(() -> {
                measuring.countDown();
                awaitQuietly(finished);
                return 7;
            });
            emulator.reply(new EmulatorReply.ProgressRequest(1, 0, 1));
            measuring.await();
            link.report(new RankFact.Finished(1, 0));
            finished.countDown();
            Thread.sleep(300); // the reader's turn to write its answer, as between EmulatedComm.close's two steps
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
