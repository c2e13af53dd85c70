package mse.emulator.report;

import java.util.concurrent.Callable;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One section of report.html: its chart's file name, heading and explanation, and how to make the chart (null: the
 * section has nothing to show). Making it may read the run's files, so it is left to {@link SectionDrawing};
 * `readsTimeline`: the chart reads the start of timeline.json, the longest of a report's charts to make.
 */
record Section(String name, String heading, String explanation, Callable<Chart<?, ?>> chart, boolean readsTimeline) {
}
