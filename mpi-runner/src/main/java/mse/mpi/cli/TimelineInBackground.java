package mse.mpi.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * predict's timeline.json written on a thread of its own (simulating the best point once more and encoding
 * its events is a large part of a default sweep's time) while the command prints its tables and draws its report's other
 * charts; the report's Gantt chart, which reads the file, waits for it ({@link #written}). The command ends only
 * after it: {@link #await} says whether it failed, and {@link #close} waits for it on any other way out, so the
 * writer has discarded its partial file before the JVM exits.
 */
final class TimelineInBackground implements AutoCloseable {

    private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "predict-timeline");
        t.setDaemon(true);
        return t;
    });
    private final Future<Void> written;

    TimelineInBackground(Callable<Void> write) {
        written = thread.submit(write);
        thread.shutdown();
    }

    /** Done when the timeline is written (or failed). */
    Future<?> written() {
        return written;
    }

    /** Waits for the timeline and throws what writing it threw. */
    void await() throws Exception {
        try {
            written.get();
        } catch (ExecutionException e) {
            throw PointsInParallel.cause(e);
        }
    }

    @Override
    public void close() {
        try {
            written.get();
        } catch (ExecutionException e) {
            // the command already fails for its own reason (or await threw this one)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the JVM is exiting on a signal: its hooks mark the directory
        }
    }
}
