package mse.emulator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The master breakdown's run labels never run into each other: they slant, or stand, when side by side they would. */
class BreakdownChartTest {

    @Test
    void shortLabelsOfASweepStayLevel() {
        assertEquals(0, BreakdownChart.labelRotation(List.of("P=2", "P=4", "P=8", "P=16", "P=32")));
    }

    @Test
    void fewLongLabelsSlantWhereTheyWouldOverlap() {
        List<String> labels = List.of("single / mpich-fast-ethernet P=2", "multi Pm=2 / mpich-fast-ethernet P=2",
                "dynamic / mpich-fast-ethernet P=2", "single / loggps-fast-ethernet P=2");
        assertEquals(45, BreakdownChart.labelRotation(labels));
    }

    @Test
    void manyLongLabelsStandUpright() {
        assertEquals(90, BreakdownChart.labelRotation(Collections.nCopies(60, "single / mpich-fast-ethernet P=64")));
    }
}
