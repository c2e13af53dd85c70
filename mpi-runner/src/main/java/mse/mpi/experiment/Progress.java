package mse.mpi.experiment;

import java.time.Duration;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import mse.mpi.rank.RunProgress;

/**
 * Progress of long work on stderr: a bar (done, rate, ETA) on a terminal, a plain line every ten seconds
 * otherwise (logs, CI), nothing with --quiet. Results on stdout stay clean either way.
 */
public final class Progress implements RunProgress, AutoCloseable {

    private static final Duration PLAIN_EVERY = Duration.ofSeconds(10);

    private final String label;
    private final ProgressBar bar;
    private final boolean quiet;
    private final long start = System.nanoTime();
    private long lastLine = System.nanoTime();

    private Progress(String label, boolean quiet) {
        this.label = label;
        this.quiet = quiet;
        this.bar = !quiet && System.console() != null
                ? new ProgressBarBuilder().setTaskName(label).setStyle(ProgressBarStyle.ASCII).setUnit(" tasks", 1)
                        .setUpdateIntervalMillis(250).continuousUpdate().build()
                : null;
    }

    public static Progress start(String label, boolean quiet) {
        return new Progress(label, quiet);
    }

    @Override
    public synchronized void update(long done, long total) {
        if (quiet) {
            return;
        }
        if (bar != null) {
            bar.maxHint(total);
            bar.stepTo(done);
            return;
        }
        long now = System.nanoTime();
        if (now - lastLine >= PLAIN_EVERY.toNanos() && done < total) {
            lastLine = now;
            double seconds = (now - start) / 1e9;
            double rate = done / Math.max(seconds, 1e-9);
            long eta = rate > 0 ? Math.round((total - done) / rate) : -1;
            System.err.printf("[progress] %s: %d/%d tasks (%.0f%%), %.0f tasks/s, ETA %s%n", label, done, total,
                    100.0 * done / Math.max(total, 1), rate, eta < 0 ? "?" : eta + " s");
        }
    }

    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
