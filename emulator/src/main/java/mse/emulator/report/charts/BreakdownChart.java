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
        LabelLayout layout = LabelLayout.of(labels, chart.getStyler().getAxisTickLabelsFont());
        chart.getStyler().setXAxisLabelRotation(layout.rotation());
        if (layout.shown() < labels.size()) { // XChart thins its labels only when asked (and to at least 2)
            chart.getStyler().setXAxisMaxLabelCount(layout.shown());
        }
        bars(chart, "idle", labels, sorted, m -> m.send() + m.receive() + m.compute() + m.idle());
        bars(chart, "compute", labels, sorted, m -> m.send() + m.receive() + m.compute());
        bars(chart, "receive", labels, sorted, m -> m.send() + m.receive());
        bars(chart, "send", labels, sorted, MasterBreakdown::send);
        bars(chart, "incoming link busy", labels, sorted, MasterBreakdown::linkBusy)
                .setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        return chart;
    }

    private static CategorySeries bars(CategoryChart chart, String name, List<String> labels, List<ReportPoint> points,
                                       ToDoubleFunction<MasterBreakdown> top) {
        return chart.addSeries(name, labels, points.stream().map(p -> (Number) top.applyAsDouble(p.master())).toList());
    }
}
