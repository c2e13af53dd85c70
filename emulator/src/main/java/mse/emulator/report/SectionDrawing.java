package mse.emulator.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Draws a report's charts side by side, one thread per core: each is a few hundred milliseconds of cold Java2D
 * and JSON reading (the Gantt chart reads the start of timeline.json), and nothing else runs once the run is over.
 * The Gantt chart, the longest, starts first, so the others fill the cores while it reads.
 */
final class SectionDrawing {

    private SectionDrawing() {
    }

    private static final java.util.concurrent.atomic.AtomicBoolean WARMED = new java.util.concurrent.atomic.AtomicBoolean();

    /** See {@link ReportPage#warmUp()}. */
    static void warmUp() {
        if (!WARMED.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                org.knowm.xchart.XYChart chart = new org.knowm.xchart.XYChartBuilder().width(120).height(80).title("warm-up")
                        .xAxisTitle("P").yAxisTitle("s").build();
                chart.addSeries("warm-up", new double[] {1, 2}, new double[] {1, 2});
                png(chart);
            } catch (IOException | RuntimeException e) {
                // only a head start: the report draws its own charts whatever happened here
            }
        }, "report-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /** Each section's PNG, in order; null where the section has nothing to show. */
    static List<byte[]> draw(List<Section> sections) throws IOException {
        if (sections.isEmpty()) {
            return List.of();
        }
        int threads = Math.min(sections.size(), Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread t = new Thread(task, "report-chart");
            t.setDaemon(true);
            return t;
        });
        try {
            // The longest first, so that the other threads share the rest instead of waiting for it at the end.
            List<Future<byte[]>> drawn = new ArrayList<>(Collections.nCopies(sections.size(), null));
            IntStream.range(0, sections.size()).boxed().sorted(Comparator.comparing(i -> !sections.get(i).readsTimeline()))
                    .forEach(i -> drawn.set(i, pool.submit(() -> png(sections.get(i).chart().call()))));
            List<byte[]> pngs = new ArrayList<>();
            for (Future<byte[]> png : drawn) {
                pngs.add(png.get());
            }
            return pngs;
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing the report's charts", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] png(Chart<?, ?> chart) throws IOException {
        return chart == null ? null : BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    private static IOException rethrown(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException("drawing the report's charts: " + cause, cause);
    }
}
