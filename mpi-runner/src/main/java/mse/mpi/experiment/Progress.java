package mse.mpi.experiment;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import mse.mpi.rank.RunProgress;

/**
 * Progress of long work on stderr: a bar (done, rate, ETA) when stderr is a terminal; otherwise (a log, CI) a
 * {@link ProgressLines line} every ten seconds, written by a timer rather than by the work's own updates so that a
 * run that reports nothing for a while still shows it is alive, and a last line with the totals; nothing with
 * --quiet. Results on stdout stay clean either way.
 */
public final class Progress implements RunProgress, AutoCloseable {

    static final Duration PLAIN_EVERY = Duration.ofSeconds(10);

    private final ProgressBar bar;
    private final ProgressLines lines;
    private final ScheduledExecutorService timer;
    private final PrintStream err;

    private Progress(ProgressBar bar, ProgressLines lines, ScheduledExecutorService timer, PrintStream err) {
        this.bar = bar;
        this.lines = lines;
        this.timer = timer;
        this.err = err;
    }

    public static Progress start(String label, boolean quiet) {
        if (quiet) {
            return new Progress(null, null, null, System.err);
        }
        if (stderrIsTerminal()) {
            return new Progress(new ProgressBarBuilder().setTaskName(label).setStyle(ProgressBarStyle.ASCII).setUnit(" tasks", 1)
                    .setUpdateIntervalMillis(250).continuousUpdate().build(), null, null, System.err);
        }
        return plain(label, System.err, System::nanoTime, PLAIN_EVERY);
    }

    /** Plain lines to `err` every `every`, timed by `clock` (tests drive both). */
    static Progress plain(String label, PrintStream err, LongSupplier clock, Duration every) {
        ProgressLines lines = new ProgressLines(label, clock);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress-lines");
            t.setDaemon(true);
            return t;
        });
        Progress progress = new Progress(null, lines, timer, err);
        timer.scheduleAtFixedRate(progress::printLine, every.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
        return progress;
    }

    @Override
    public void update(long done, long total) {
        if (bar != null) {
            synchronized (bar) {
                bar.maxHint(total);
                bar.stepTo(done);
            }
        } else if (lines != null) {
            lines.update(done, total);
        }
    }

    private void printLine() {
        err.println(lines.line());
    }

    /** Ends the display: the bar's last state, or the line with the totals. */
    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        } else if (lines != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS); // a line being written finishes before the totals
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            err.println(lines.last());
        }
    }

    /**
     * Whether stderr is a terminal. System.console() answers for stdin and stdout, so `./run.sh 2>log` would
     * still draw a bar (carriage returns and all) into the log; Linux names the terminal behind fd 2.
     */
    private static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return System.console() != null; // no /proc: the JDK's answer for stdout is the best there is
        }
    }
}
