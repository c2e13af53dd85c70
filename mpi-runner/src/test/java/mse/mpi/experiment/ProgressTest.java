package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Progress where stderr is not a terminal: lines with the true counts and rates, and the totals at the end. */
@Timeout(30)
class ProgressTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void eachLineSaysWhatWasCountedAndTheLastOneTheTotals() {
        AtomicLong now = new AtomicLong(5 * SECOND);
        ProgressLines lines = new ProgressLines("point 5/5", now::get);
        now.addAndGet(10 * SECOND);
        assertEquals("[progress] point 5/5: 10 s, no tasks reported yet", lines.line());
        lines.update(0, 4096);
        now.addAndGet(10 * SECOND);
        assertEquals("[progress] point 5/5: 0/4096 tasks (0%) after 20 s, none finished yet", lines.line());
        lines.update(1024, 4096);
        now.addAndGet(10 * SECOND);
        assertEquals("[progress] point 5/5: 1024/4096 tasks (25%) after 30 s; 102 tasks/s in the last 10 s, 34.1 since the start;"
                + " ETA 30 s", lines.line());
        now.addAndGet(10 * SECOND);
        assertEquals("[progress] point 5/5: 1024/4096 tasks (25%) after 40 s; none finished in the last 10 s"
                + " (25.6 tasks/s since the start)", lines.line());
        now.addAndGet(SECOND / 2);
        assertEquals("[progress] point 5/5: stopped at 1024/4096 tasks in 40.5 s (25.3 tasks/s)", lines.last());
        lines.update(4096, 4096);
        assertEquals("[progress] point 5/5: done 4096/4096 tasks in 40.5 s (101 tasks/s)", lines.last());
    }

    @Test
    void aWorkThatReportsNothingIsStillShownAndEndsWithItsTotals() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CountDownLatch twoLines = new CountDownLatch(2); // with the counts reported below
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8) {
            @Override
            public void println(String line) {
                super.println(line);
                if (line.startsWith("[progress] soak: 3/8 tasks (38%) after ")) {
                    twoLines.countDown();
                }
            }
        };
        AtomicLong now = new AtomicLong();
        try (Progress progress = Progress.plain("soak", err, () -> now.addAndGet(SECOND), Duration.ofMillis(20))) {
            progress.update(3, 8);
            // No update while the timer writes its lines: they come from the timer, not from the work's reports.
            assertTrue(twoLines.await(20, TimeUnit.SECONDS), "the timer wrote its lines");
            progress.update(8, 8);
        }
        List<String> written = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(written.size() >= 3, written.toString());
        assertTrue(written.get(written.size() - 1).matches("\\[progress\\] soak: done 8/8 tasks in [0-9]+\\.0 s \\(.*\\)"), written.toString());
    }
}
