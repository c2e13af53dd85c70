package mse.emulator.report.charts;

import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** One look for every chart of a report: white, legend outside, readable fonts. */
final class ChartStyle {

    private ChartStyle() {
    }

    static void apply(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setAntiAlias(true);
    }
}
