package mse.emulator.report;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import mse.emulator.report.charts.BreakdownChart;
import mse.emulator.report.charts.GanttChart;
import mse.emulator.report.charts.LatencyChart;
import mse.emulator.report.charts.MasterTimeline;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.report.charts.TimeChart;
import mse.emulator.timeline.TimelineReader;
import mse.emulator.timeline.TimelineWindow;
import mse.emulator.timeline.TimelineWriter;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * report.html: one self-contained page (charts embedded as PNG data, no network access needed) with
 * the time-against-P curve and its saturation point, the master breakdown, the latency distributions
 * of the master bottleneck, DY's master timeline when there is one, and every input of the run. PNG
 * copies of the charts are written beside it.
 */
public final class ReportPage {

    /**
     * Everything the page shows. masterEvents may be empty; inputs are shown in order. `timelinesComing`: the points'
     * timeline.json files while they are being written (predict writes them while the charts are drawn); null when
     * they already are.
     */
    public record Content(String title, String commandLine, Map<String, String> inputs, List<ReportPoint> points,
                          List<MasterEvent> masterEvents, List<ExtraChart> extra, TimelinesComing timelinesComing) {

        public Content(String title, String commandLine, Map<String, String> inputs, List<ReportPoint> points,
                       List<MasterEvent> masterEvents, List<ExtraChart> extra) {
            this(title, commandLine, inputs, points, masterEvents, extra, null);
        }

        public Content(String title, String commandLine, Map<String, String> inputs, List<ReportPoint> points,
                       List<MasterEvent> masterEvents) {
            this(title, commandLine, inputs, points, masterEvents, List.of());
        }
    }

    /**
     * Timelines being written: `written` is done when every file is (and fails as writing one failed); `heads` gives a
     * file's first spans ({@link TimelineWriter#head}) as soon as they are written, so that the Gantt chart is drawn
     * while the rest of the file is. The page itself is written only once every file is.
     */
    public record TimelinesComing(Future<?> written, Function<Path, Future<List<TimelineReader.Span>>> heads) {}

    /** A chart of its own for commands whose results are not a sweep over P (placement). */
    public record ExtraChart(String name, String heading, String explanation, Chart<?, ?> chart) {}

    /** The Gantt chart's window: the master's first tasks, a few slaves, from the file's first TimelineWriter.HEAD_EVENTS. */
    private static final int GANTT_TASKS = 50;
    private static final int GANTT_SLAVES = 4;

    private ReportPage() {
    }

    /**
     * Starts drawing a small throwaway chart on a thread of its own, once per JVM: the first chart of a JVM loads
     * XChart and Java2D and reads the fonts, a few hundred milliseconds of CPU that otherwise come after the run,
     * while the user waits for the report. Called when a run starts, it overlaps with the ranks' start instead.
     */
    public static void warmUp() {
        SectionDrawing.warmUp();
    }

    public static Path write(Path dir, Content content) throws IOException {
        List<Section> extras = content.extra().stream()
                .map(extra -> new Section(extra.name(), extra.heading(), extra.explanation(), extra::chart, false)).toList();
        List<Section> sweep = content.points().isEmpty() ? List.of() : sweepSections(dir, content);
        List<Section> all = new ArrayList<>(extras);
        all.addAll(sweep);
        List<byte[]> pngs = SectionDrawing.draw(all);
        awaitTimelines(content.timelinesComing()); // a page that links a timeline only once it is there
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(content.title())).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n")
                .append("<h1>").append(Html.escape(content.title())).append("</h1>\n")
                .append("<p class=\"command\"><code>").append(Html.escape(content.commandLine())).append("</code></p>\n");
        for (int i = 0; i < all.size(); i++) {
            if (i == extras.size()) { // the sweep's sections follow its table
                html.append(Html.pointsTable(content.points())).append(Html.boundsTable(content.points()))
                        .append(Html.mastersTable(content.points()));
            }
            section(html, dir, all.get(i), pngs.get(i));
        }
        html.append(Html.inputsTable(content.inputs()));
        html.append("</body></html>\n");
        Path page = dir.resolve("report.html");
        AtomicFiles.writeString(page, html.toString());
        return page;
    }

    private static List<Section> sweepSections(Path dir, Content content) {
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("time", "Predicted time against P",
                "Each line is one configuration; the red diamond marks its saturation point, the P with the least time. "
                        + "Past it, adding slaves makes the run slower: the master cannot serve them fast enough.",
                () -> TimeChart.of(content.points()), false));
        sections.add(new Section("breakdown", "Where the master's time goes",
                "Send and receive overheads (which grow with P on MPICH over Fast Ethernet), its own computation, and idle "
                        + "time waiting for results. A master with no idle time left is the bottleneck. The line is the time "
                        + "its incoming network link was busy passing messages (LogGP's G), which overlaps the bars."
                        + linkBound(content.points()),
                () -> BreakdownChart.of(content.points()), false));
        sections.add(new Section("slave-wait", "Slave wait distribution", "How long a slave waits from sending its result until "
                + "its next task arrives. The x axis stretches the tail: 100 is the 99th percentile.",
                () -> LatencyChart.of("Slave wait: request to next task", curves(content.points(), "slave-wait")), false));
        sections.add(new Section("queue-wait", "Master queue wait distribution",
                "How long a message waits in the master's queue while the master is busy.",
                () -> LatencyChart.of("Master queue wait", curves(content.points(), "master-queue-wait")), false));
        timelineSection(dir, content.points(), content.timelinesComing()).ifPresent(sections::add);
        if (!content.masterEvents().isEmpty()) {
            sections.add(new Section("masters", "Dynamic masters",
                    "Active masters over virtual time: splits add a master when slaves wait too long, merges return them.",
                    () -> MasterTimeline.of(content.masterEvents()), false));
        }
        return sections;
    }

    /** The report's sentence for runs whose master's incoming link was busy at least 95% of the run. */
    static String linkBound(List<ReportPoint> points) {
        List<String> bound = points.stream().filter(p -> p.linkBusyFraction() >= 0.95)
                .sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np))
                .map(p -> p.series() + " P=" + p.np() + String.format(" (%.0f%%)", 100 * p.linkBusyFraction())).toList();
        if (bound.isEmpty()) {
            return "";
        }
        return " At " + String.join(", ", bound) + " the master's incoming link was busy for at least 95% of the run: "
                + "the master's link, not its CPU, is the bottleneck.";
    }

    /**
     * A Gantt chart of the first tasks of the largest P with a timeline (where the master is most likely the
     * bottleneck), from the start of its timeline.json (read from the file, or as the file's writer gives it while it
     * writes the rest), and how to open the whole trace.
     */
    private static Optional<Section> timelineSection(Path dir, List<ReportPoint> points, TimelinesComing coming) {
        Optional<ReportPoint> largest = points.stream().filter(p -> p.timeline() != null)
                .max(Comparator.comparingInt(ReportPoint::np).thenComparing(ReportPoint::series, Comparator.reverseOrder()));
        return largest.map(p -> new Section("timeline", "Timeline of the first tasks", "The master's track (top) and a few "
                + "slaves' in virtual time: when the master's bar has no gaps it is the bottleneck, and the slaves' gaps are "
                + "their wait for it. The whole run is in " + dir.toAbsolutePath().relativize(p.timeline().toAbsolutePath())
                + " (Chrome trace format): open it at "
                + "https://ui.perfetto.dev (Open trace file) or in chrome://tracing (Load), with a track per rank, an arrow "
                + "per message, the master's queue length as a counter and DY's splits and merges as marks.",
                () -> {
                    List<TimelineReader.Span> spans = coming == null ? TimelineReader.spans(p.timeline(), TimelineWriter.HEAD_EVENTS)
                            : written(coming.heads().apply(p.timeline()));
                    if (spans.stream().noneMatch(s -> s.rank() == 0)) {
                        return null;
                    }
                    TimelineWindow window = TimelineWindow.firstTasks(spans, 0, GANTT_TASKS, GANTT_SLAVES);
                    return GanttChart.of(window, "First " + GANTT_TASKS + " tasks, " + p.series() + " P=" + p.np());
                }, true));
    }

    /** Waits for the timelines being written; their failure is the report's (its page would link a file that is not there). */
    private static void awaitTimelines(TimelinesComing coming) throws IOException {
        if (coming != null) {
            written(coming.written());
        }
    }

    private static <T> T written(Future<T> timeline) throws IOException {
        try {
            return timeline.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException("writing the timeline: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the timeline was written", e);
        }
    }

    /** A section's chart as PNG (null: the section has nothing to show), written beside the page and embedded in it. */
    private static void section(StringBuilder html, Path dir, Section section, byte[] png) throws IOException {
        if (png == null) {
            return;
        }
        AtomicFiles.write(dir.resolve("charts/" + section.name() + ".png"), out -> out.write(png));
        html.append("<section id=\"").append(section.name()).append("\"><h2>").append(Html.escape(section.heading())).append("</h2><p>")
                .append(Html.escape(section.explanation())).append("</p><img class=\"chart\" alt=\"").append(Html.escape(section.heading()))
                .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(png)).append("\"></section>\n");
    }

    /** One curve per run that has histograms, read back from its .hlog files. */
    private static List<LatencyChart.Curve> curves(List<ReportPoint> points, String name) throws IOException {
        List<LatencyChart.Curve> curves = new ArrayList<>();
        for (ReportPoint p : points.stream().sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList()) {
            Path log = p.histograms() == null ? null : p.histograms().resolve(name + ".hlog");
            if (log != null && Files.exists(log)) {
                try (FileInputStream in = new FileInputStream(log.toFile())) {
                    Histogram h = (Histogram) new HistogramLogReader(in).nextIntervalHistogram();
                    if (h != null) {
                        curves.add(new LatencyChart.Curve(p.series() + " P=" + p.np(), h));
                    }
                }
            }
        }
        return curves;
    }
}
