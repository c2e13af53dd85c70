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
import mse.emulator.report.charts.BreakdownChart;
import mse.emulator.report.charts.LatencyChart;
import mse.emulator.report.charts.MasterTimeline;
import mse.emulator.report.charts.TimeChart;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * report.html: one self-contained page (charts embedded as PNG data, no network access needed) with
 * the time-against-P curve and its saturation point, the master breakdown, the latency distributions
 * of the master bottleneck, DY's master timeline when there is one, and every input of the run. PNG
 * copies of the charts are written beside it.
 */
public final class ReportPage {

    /** Everything the page shows. masterEvents may be empty; inputs are shown in order. */
    public record Content(String title, String commandLine, Map<String, Object> inputs, List<ReportPoint> points,
                          List<Map<String, Object>> masterEvents, List<ExtraChart> extra) {

        public Content(String title, String commandLine, Map<String, Object> inputs, List<ReportPoint> points,
                       List<Map<String, Object>> masterEvents) {
            this(title, commandLine, inputs, points, masterEvents, List.of());
        }
    }

    /** A chart of its own for commands whose results are not a sweep over P (placement). */
    public record ExtraChart(String name, String heading, String explanation, Chart<?, ?> chart) {}

    private ReportPage() {
    }

    public static Path write(Path dir, Content content) throws IOException {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(content.title())).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n")
                .append("<h1>").append(Html.escape(content.title())).append("</h1>\n")
                .append("<p class=\"command\"><code>").append(Html.escape(content.commandLine())).append("</code></p>\n");
        for (ExtraChart extra : content.extra()) {
            section(html, dir, extra.name(), extra.chart(), extra.heading(), extra.explanation());
        }
        if (!content.points().isEmpty()) {
            sweepSections(html, dir, content);
        }
        html.append(Html.inputsTable(content.inputs()));
        html.append("</body></html>\n");
        Path page = dir.resolve("report.html");
        AtomicFiles.writeString(page, html.toString());
        return page;
    }

    private static void sweepSections(StringBuilder html, Path dir, Content content) throws IOException {
        html.append(Html.pointsTable(content.points()));
        section(html, dir, "time", TimeChart.of(content.points()), "Predicted time against P",
                "Each line is one configuration; the red diamond marks its saturation point, the P with the least time. "
                        + "Past it, adding slaves makes the run slower: the master cannot serve them fast enough.");
        section(html, dir, "breakdown", BreakdownChart.of(content.points()), "Where the master's time goes",
                "Send and receive overheads (which grow with P on MPICH over Fast Ethernet), its own computation, and idle "
                        + "time waiting for results. A master with no idle time left is the bottleneck. The line is the time "
                        + "its incoming network link was busy passing messages (LogGP's G), which overlaps the bars."
                        + linkBound(content.points()));
        section(html, dir, "slave-wait", LatencyChart.of("Slave wait: request to next task", curves(content.points(), "slave-wait")),
                "Slave wait distribution", "How long a slave waits from sending its result until its next task arrives. "
                        + "The x axis stretches the tail: 100 is the 99th percentile.");
        section(html, dir, "queue-wait", LatencyChart.of("Master queue wait", curves(content.points(), "master-queue-wait")),
                "Master queue wait distribution", "How long a message waits in the master's queue while the master is busy.");
        if (!content.masterEvents().isEmpty()) {
            section(html, dir, "masters", MasterTimeline.of(content.masterEvents()), "Dynamic masters",
                    "Active masters over virtual time: splits add a master when slaves wait too long, merges return them.");
        }
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

    private static void section(StringBuilder html, Path dir, String name, Chart<?, ?> chart, String heading, String explanation)
            throws IOException {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.write(dir.resolve("charts/" + name + ".png"), out -> out.write(png));
        html.append("<section id=\"").append(name).append("\"><h2>").append(Html.escape(heading)).append("</h2><p>")
                .append(Html.escape(explanation)).append("</p><img class=\"chart\" alt=\"").append(Html.escape(heading))
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
