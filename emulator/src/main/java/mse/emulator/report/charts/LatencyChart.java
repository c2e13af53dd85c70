package mse.emulator.report.charts;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * A latency percentile distribution as HdrHistogram's plotter draws it: value against 1/(1 - percentile)
 * on a log axis, so the tail (99%, 99.9%, ...) gets as much room as the median. One curve per run.
 */
public final class LatencyChart {

    /** One curve: its label and histogram (nanoseconds). */
    public record Curve(String label, Histogram histogram) {}

    private LatencyChart() {
    }

    public static XYChart of(String title, List<Curve> curves) {
        XYChart chart = new XYChartBuilder().width(900).height(520).title(title)
                .xAxisTitle("percentile, as 1/(1-p): 10 = 90%, 100 = 99%, 1000 = 99.9%").yAxisTitle("virtual microseconds").build();
        ChartStyle.apply(chart);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setMarkerSize(0);
        for (Curve curve : curves) {
            if (curve.histogram().getTotalCount() == 0) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (HistogramIterationValue v : curve.histogram().percentiles(5)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                if (p >= 0.999999) {
                    break; // 1/(1-p) is infinite at the maximum
                }
                x.add(1 / (1 - p));
                y.add(v.getValueIteratedTo() / 1000.0);
            }
            if (!x.isEmpty()) {
                chart.addSeries(curve.label(), x, y);
            }
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no observations", List.of(1.0), List.of(0.0));
        }
        return chart;
    }
}
