package mse.emulator.report.charts;

import java.awt.Color;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import mse.emulator.report.ReportPoint;
import mse.emulator.report.ReportPoint.MasterBreakdown;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;

/**
 * The master's time by activity as stacked bars per P (and series), seed 001 Fig. 3, with a line for the time
 * its incoming link was busy. XChart stacks every series of a stacked chart, lines included, so the stack is
 * drawn as overlapping bars of running totals (the whole first, then shorter ones over it) and the line, which
 * overlaps the activities rather than adding to them, keeps its own value.
 */
public final class BreakdownChart {

    private BreakdownChart() {
    }

    public static CategoryChart of(List<ReportPoint> points) {
        List<ReportPoint> sorted = points.stream().filter(p -> p.master() != null)
                .sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList();
        CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title("Master time breakdown")
                .xAxisTitle("run").yAxisTitle("master time (s)").build();
        ChartStyle.apply(chart);
        chart.getStyler().setOverlapped(true);
        // The colours the stacked chart had (send, receive, compute, idle), in the order the series are added, and
        // opaque, so that a shorter bar drawn over a longer one does not mix their colours.
        Color[] palette = chart.getStyler().getSeriesColors();
        chart.getStyler().setSeriesColors(java.util.stream.IntStream.of(3, 2, 1, 0, 4)
                .mapToObj(i -> new Color(palette[i].getRGB() & 0xFFFFFF)).toArray(Color[]::new));
        boolean oneSeries = sorted.stream().map(ReportPoint::series).distinct().count() == 1;
        List<String> labels = sorted.stream().map(p -> oneSeries ? "P=" + p.np() : p.series() + " P=" + p.np()).toList();
        chart.getStyler().setXAxisLabelRotation(labelRotation(labels));
        bars(chart, "idle", labels, sorted, m -> m.send() + m.receive() + m.compute() + m.idle());
        bars(chart, "compute", labels, sorted, m -> m.send() + m.receive() + m.compute());
        bars(chart, "receive", labels, sorted, m -> m.send() + m.receive());
        bars(chart, "send", labels, sorted, MasterBreakdown::send);
        bars(chart, "incoming link busy", labels, sorted, MasterBreakdown::linkBusy)
                .setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        return chart;
    }

    /** Room for the category labels along the x axis, in pixels (the chart's width less axis and legend). */
    private static final int LABEL_ROOM_PIXELS = 700;
    /** A label character's width at the chart's axis font, in pixels, rounded up. */
    private static final int CHAR_PIXELS = 7;

    /**
     * Labels side by side only when each fits in its category's share of the axis; slanted otherwise, upright when
     * even slanted they would overlap. The number of points alone did not say it: three series' labels of 30
     * characters ran into one unreadable line at four points.
     */
    static int labelRotation(List<String> labels) {
        int longest = labels.stream().mapToInt(String::length).max().orElse(0) * CHAR_PIXELS;
        int share = LABEL_ROOM_PIXELS / Math.max(1, labels.size());
        if (longest + CHAR_PIXELS <= share) {
            return 0;
        }
        return 2 * CHAR_PIXELS <= share ? 45 : 90; // slanted, a label needs about two characters' width of the axis
    }

    private static CategorySeries bars(CategoryChart chart, String name, List<String> labels, List<ReportPoint> points,
                                       ToDoubleFunction<MasterBreakdown> top) {
        return chart.addSeries(name, labels, points.stream().map(p -> (Number) top.applyAsDouble(p.master())).toList());
    }
}
