package mse.emulator.report;

import org.HdrHistogram.Histogram;

/** A latency distribution in summary.json: p50, p90, p99 and max in the histogram's unit, and how many values. */
public record Percentiles(double p50, double p90, double p99, double max, long count) {

    /** The histogram's values divided by unit (1000.0: nanoseconds become microseconds). */
    public static Percentiles of(Histogram h, double unit) {
        return new Percentiles(h.getValueAtPercentile(50) / unit, h.getValueAtPercentile(90) / unit,
                h.getValueAtPercentile(99) / unit, h.getMaxValue() / unit, h.getTotalCount());
    }
}
