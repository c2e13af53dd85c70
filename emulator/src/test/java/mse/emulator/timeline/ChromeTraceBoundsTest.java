package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import mse.emulator.kernel.Charge;
import org.junit.jupiter.api.Test;

/**
 * Auto mode's byte budget counts ChromeTrace's upper bounds before anything is encoded: each bound holds
 * for numbers of every width, and stays within a few bytes per number of the real length.
 */
class ChromeTraceBoundsTest {

    private interface Write {
        void to(ChromeTrace trace) throws IOException;
    }

    /** The bytes one entry adds to a trace that already holds one (so its separating comma counts). */
    private static int written(int pid, Write entry) throws IOException {
        return size(pid, entry) - size(pid, t -> { });
    }

    private static int size(int pid, Write entry) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChromeTrace trace = new ChromeTrace(out)) {
            trace.counter(pid, "first", 0, "x", 0);
            entry.to(trace);
        }
        return out.size();
    }

    @Test
    void everyEntryIsWithinItsBound() throws IOException {
        SplittableRandom random = new SplittableRandom(45);
        for (int i = 0; i < 2_000; i++) {
            long width = (long) Math.pow(10, random.nextInt(1, 18));
            long start = random.nextLong(width);
            long end = start + random.nextLong(width);
            int rank = random.nextInt(1 << random.nextInt(1, 30));
            int pid = 1 + random.nextInt(1 << random.nextInt(0, 30));
            Charge charge = switch (random.nextInt(3)) {
                case 0 -> Charge.compute(rank, start, end, random.nextBoolean() ? Charge.NONE : random.nextInt(Integer.MAX_VALUE));
                case 1 -> Charge.send(rank, start, end, random.nextInt(1 << 20), random.nextInt(-1, 50), random.nextInt(Integer.MAX_VALUE));
                default -> Charge.receive(rank, start, end, random.nextInt(-1, 1 << 20), random.nextInt(-1, 50), random.nextInt(1 << 20));
            };
            assertWithin(ChromeTrace.spanBytesAtMost(charge), written(pid, t -> t.span(pid, charge)), charge.toString());
            int destination = random.nextInt(1 << 20);
            long id = random.nextLong(width);
            assertWithin(ChromeTrace.flowBytesAtMost(rank, start, destination, end, id),
                    written(pid, t -> t.flow(pid, rank, start, pid, destination, end, id)), "flow " + start + " " + end);
            int length = random.nextInt(1 << 20);
            assertWithin(ChromeTrace.counterBytesAtMost("rank " + rank + " queue", start, "messages", length),
                    written(pid, t -> t.counter(pid, "rank " + rank + " queue", start, "messages", length)), "counter " + start);
        }
    }

    private static void assertWithin(int bound, int actual, String entry) {
        assertTrue(actual <= bound, entry + ": " + actual + " bytes, bound " + bound);
        assertTrue(bound - actual <= 30, entry + ": bound " + bound + " far above " + actual);
    }
}
