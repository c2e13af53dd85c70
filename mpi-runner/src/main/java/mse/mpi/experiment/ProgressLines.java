package mse.mpi.experiment;

import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The plain progress lines of a log: at each line the tasks finished of how many, the rate since the previous
 * line and since the start, and an ETA from the recent rate; the last line the totals. Every figure is what was
 * counted, nothing guessed: before the first task finishes a line says so instead of a rate of 0 and an ETA of "?".
 */
final class ProgressLines {

    private final String label;
    private final LongSupplier clock;
    private final long start;
    private long done;
    private long total = -1; // no update yet
    private long lineAt;
    private long doneAtLine;

    ProgressLines(String label, LongSupplier clock) {
        this.label = label;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.lineAt = start;
    }

    synchronized void update(long done, long total) {
        this.done = done;
        this.total = total;
    }

    /** The line for now; the next line's recent rate is counted from here. */
    synchronized String line() {
        long now = clock.getAsLong();
        double elapsed = seconds(now - start);
        double window = seconds(now - lineAt);
        long recent = done - doneAtLine;
        lineAt = now;
        doneAtLine = done;
        if (total < 0) {
            return String.format(Locale.ROOT, "[progress] %s: %.0f s, no tasks reported yet", label, elapsed);
        }
        String head = String.format(Locale.ROOT, "[progress] %s: %d/%d tasks (%.0f%%) after %.0f s", label, done, total,
                percent(done, total), elapsed);
        if (done == 0) {
            return head + ", none finished yet";
        }
        if (recent == 0) {
            return head + String.format(Locale.ROOT, "; none finished in the last %.0f s (%s tasks/s since the start)", window,
                    rate(done, elapsed));
        }
        double recentRate = recent / window;
        long eta = Math.round((total - done) / recentRate);
        return head + String.format(Locale.ROOT, "; %s tasks/s in the last %.0f s, %s since the start; ETA %d s",
                rate(recent, window), window, rate(done, elapsed), eta);
    }

    /** The last line: the totals, and whether the work got to the end. */
    synchronized String last() {
        double elapsed = seconds(clock.getAsLong() - start);
        if (total < 0) {
            return String.format(Locale.ROOT, "[progress] %s: ended after %.1f s, no tasks reported", label, elapsed);
        }
        String outcome = done >= total ? "done" : "stopped at";
        return String.format(Locale.ROOT, "[progress] %s: %s %d/%d tasks in %.1f s (%s tasks/s)", label, outcome, done, total,
                elapsed, rate(done, elapsed));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static double percent(long done, long total) {
        return total == 0 ? 100.0 : 100.0 * done / total;
    }

    /** A rate with the digits that mean something: 0.4, 12.5, 830. */
    private static String rate(long count, double seconds) {
        double r = seconds > 0 ? count / seconds : 0;
        return String.format(Locale.ROOT, r < 100 ? "%.1f" : "%.0f", r);
    }
}
