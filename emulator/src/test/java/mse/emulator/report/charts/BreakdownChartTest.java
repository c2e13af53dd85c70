package mse.emulator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The master breakdown's run labels never run into each other, measured with the chart's own font: at 2, 12 and 64
 * points, with one series and with three, each shown label's footprint fits the axis share it gets.
 */
class BreakdownChartTest {

    private static final Font FONT = new CategoryChartBuilder().build().getStyler().getAxisTickLabelsFont();

    @Test
    void labelsFitTheirShareAtTwoTwelveAndSixtyFourPointsOfOneAndOfThreeSeries() {
        for (int points : new int[] {2, 12, 64}) {
            for (List<String> series : List.of(List.of(""), List.of("single / mpich-fast-ethernet ", "multi Pm=4 / mpich-fast-ethernet ",
                    "dynamic / loggps-fast-ethernet "))) {
                List<String> labels = labels(series, points);
                LabelLayout layout = LabelLayout.of(labels, FONT);
                double share = (double) LabelLayout.AXIS_PIXELS / layout.shown();
                assertTrue(layout.footprint(labels, FONT) + LabelLayout.GAP_PIXELS <= share,
                        labels.size() + " labels like '" + labels.get(labels.size() - 1) + "': " + layout);
            }
        }
    }

    @Test
    void shortLabelsOfASweepStayLevelAndLongOnesTurn() {
        assertEquals(0, LabelLayout.of(labels(List.of(""), 5), FONT).rotation());
        assertEquals(45, LabelLayout.of(labels(List.of("single / mpich-fast-ethernet ", "dynamic / mpich-fast-ethernet "), 4), FONT)
                .rotation());
        LabelLayout crowded = LabelLayout.of(labels(List.of("single / mpich-fast-ethernet "), 192), FONT);
        assertEquals(90, crowded.rotation());
        assertTrue(crowded.shown() < 192, "not every one of 192 labels can stand upright on the axis: " + crowded);
    }

    private static List<String> labels(List<String> series, int points) {
        List<String> labels = new ArrayList<>();
        for (String s : series) {
            for (int p = 0; labels.size() < points * series.size() && p < points; p++) {
                labels.add(s + "P=" + (2 << p % 8));
            }
        }
        return labels;
    }
}
