package mse.emulator.report.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.emulator.report.ReportPoint;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Predicted time against P, one line per series, with each series' saturation point (least time)
 * marked, as seed 001 Fig. 2 and 4 draw it. P is on a log2-spaced axis, the usual sweep.
 */
public final class TimeChart {

    private TimeChart() {
    }

    private static double log2(int p) {
        return Math.log(p) / Math.log(2);
    }

    public static XYChart of(List<ReportPoint> points) {
        XYChart chart = new XYChartBuilder().width(900).height(520).title("Execution time against P")
                .xAxisTitle("P (processes, log scale)").yAxisTitle("time (s)").build();
        ChartStyle.apply(chart);
        // P doubles from point to point: plot log2 P and label the ticks with P itself.
        chart.setCustomXAxisTickLabelsFormatter(x -> Math.abs(x - Math.rint(x)) < 1e-6 ? Long.toString(Math.round(Math.pow(2, x))) : " "); // XChart cannot lay out an empty label
        Map<String, List<ReportPoint>> bySeries = new LinkedHashMap<>();
        for (ReportPoint p : points) {
            bySeries.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(p);
        }
        List<Double> bestX = new ArrayList<>();
        List<Double> bestY = new ArrayList<>();
        for (Map.Entry<String, List<ReportPoint>> series : bySeries.entrySet()) {
            List<ReportPoint> sorted = series.getValue().stream().sorted(Comparator.comparingInt(ReportPoint::np)).toList();
            XYSeries line = chart.addSeries(series.getKey(), sorted.stream().map(p -> log2(p.np())).toList(),
                    sorted.stream().map(ReportPoint::seconds).toList());
            line.setMarker(SeriesMarkers.CIRCLE);
            ReportPoint best = sorted.stream().min(Comparator.comparingDouble(ReportPoint::seconds)).orElseThrow();
            bestX.add(log2(best.np()));
            bestY.add(best.seconds());
        }
        XYSeries saturation = chart.addSeries("saturation point", bestX, bestY);
        saturation.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        saturation.setMarker(SeriesMarkers.DIAMOND);
        saturation.setMarkerColor(java.awt.Color.RED);
        return chart;
    }
}
