package mse.emulator.report.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mse.emulator.timeline.TimelineReader;
import mse.emulator.timeline.TimelineWindow;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A Gantt chart of a timeline window: one row per rank (the master on top), its compute, send and recv spans
 * as thick bars, idle time as the gaps between them. Drawn as an XY chart whose lines break between spans.
 */
public final class GanttChart {

    private static final Map<String, Color> COLORS = Map.of("compute", new Color(0x4C9F38), "send", new Color(0x1F77B4),
            "recv", new Color(0xFF7F0E));

    private GanttChart() {
    }

    public static XYChart of(TimelineWindow window, String title) {
        int rows = window.ranks().size();
        XYChart chart = new XYChartBuilder().width(900).height(140 + 45 * rows)
                .title(title + ": compute green, send blue, recv orange, idle white")
                .xAxisTitle("virtual time (ms)").yAxisTitle("").build();
        ChartStyle.apply(chart);
        chart.getStyler().setYAxisMin(-0.6);
        chart.getStyler().setYAxisMax(rows - 0.3);
        chart.getStyler().setYAxisTicksVisible(false);
        chart.getStyler().setLegendVisible(false); // bars this thick make a legend of blots; the title names the colors
        for (int index = 0; index < rows; index++) {
            int rank = window.ranks().get(index);
            // Row names as text above each bar: XChart's custom tick labels only label the axis ends.
            AnnotationText name = new AnnotationText(index == 0 ? "master (rank " + rank + ")" : "rank " + rank, 0, rows - 1 - index + 0.42, false);
            chart.addAnnotation(name);
        }
        for (String kind : List.of("compute", "send", "recv")) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (TimelineReader.Span s : window.spans()) {
                if (s.name().equals(kind)) {
                    double row = rows - 1 - window.ranks().indexOf(s.rank());
                    x.add(s.startNanos() / 1e6);
                    y.add(row);
                    x.add(s.endNanos() / 1e6);
                    y.add(row);
                    x.add(s.endNanos() / 1e6);
                    y.add(null); // break the line: idle until the next span
                }
            }
            if (x.isEmpty()) {
                continue;
            }
            XYSeries series = chart.addSeries(kind, x, y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(COLORS.get(kind));
            series.setLineStyle(new BasicStroke(Math.max(5f, 110f / rows), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        }
        return chart;
    }

}
