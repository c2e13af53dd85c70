package mse.emulator.report.charts;

import java.util.ArrayList;
import java.util.List;
import mse.emulator.dynamic.MasterEvent;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * DY's masters over virtual time: how many masters are active, stepping up at each split and down at
 * each merge, with the events marked.
 */
public final class MasterTimeline {

    private MasterTimeline() {
    }

    /** events: DY's splits and merges, in time order. */
    public static XYChart of(List<MasterEvent> events) {
        XYChart chart = new XYChartBuilder().width(900).height(420).title("Dynamic masters over virtual time")
                .xAxisTitle("virtual time (s)").yAxisTitle("active masters").build();
        ChartStyle.apply(chart);
        List<Double> x = new ArrayList<>(List.of(0.0));
        List<Double> y = new ArrayList<>(List.of(1.0));
        List<Double> splitX = new ArrayList<>();
        List<Double> splitY = new ArrayList<>();
        List<Double> mergeX = new ArrayList<>();
        List<Double> mergeY = new ArrayList<>();
        double masters = 1;
        for (MasterEvent e : events) {
            double t = e.virtualSeconds();
            boolean split = MasterEvent.SPLIT.equals(e.action());
            x.add(t);
            y.add(masters);
            masters += split ? 1 : -1;
            x.add(t);
            y.add(masters);
            (split ? splitX : mergeX).add(t);
            (split ? splitY : mergeY).add(masters);
        }
        XYSeries line = chart.addSeries("active masters", x, y);
        line.setMarker(SeriesMarkers.NONE);
        if (!splitX.isEmpty()) {
            chart.addSeries("split", splitX, splitY).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        if (!mergeX.isEmpty()) {
            chart.addSeries("merge", mergeX, mergeY).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        return chart;
    }
}
