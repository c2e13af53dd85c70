package mse.emulator.report.charts;

import java.util.Comparator;
import java.util.List;
import mse.emulator.report.ReportPoint;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** The master's time by activity as stacked bars per P (and series), seed 001 Fig. 3. */
public final class BreakdownChart {

    private BreakdownChart() {
    }

    public static CategoryChart of(List<ReportPoint> points) {
        List<ReportPoint> sorted = points.stream().filter(p -> p.master() != null)
                .sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList();
        CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title("Master time breakdown")
                .xAxisTitle("run").yAxisTitle("master time (s)").build();
        ChartStyle.apply(chart);
        chart.getStyler().setStacked(true);
        chart.getStyler().setXAxisLabelRotation(sorted.size() > 6 ? 45 : 0);
        boolean oneSeries = sorted.stream().map(ReportPoint::series).distinct().count() == 1;
        List<String> labels = sorted.stream().map(p -> oneSeries ? "P=" + p.np() : p.series() + " P=" + p.np()).toList();
        chart.addSeries("send", labels, sorted.stream().map(p -> (Number) p.master().send()).toList());
        chart.addSeries("receive", labels, sorted.stream().map(p -> (Number) p.master().receive()).toList());
        chart.addSeries("compute", labels, sorted.stream().map(p -> (Number) p.master().compute()).toList());
        chart.addSeries("idle", labels, sorted.stream().map(p -> (Number) p.master().idle()).toList());
        return chart;
    }
}
