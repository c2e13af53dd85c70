package mse.mpi.apps.rtt;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What rank 0 of the round-trip benchmark reports (its --result-file, written and read by Jackson): the settings it
 * ran with and one point per message size.
 */
public record RttResult(int np, int warmup, int roundTrips, int arrivedReceives, List<Point> points) {

    public RttResult {
        points = List.copyOf(points);
    }

    /**
     * One message size: the round trip, rank 0's send call (o_s), its receive of an arrived reply (o_r), the sustained
     * gap between the messages of trains rank 1 sent back to back (see {@link SizeMeasurement}), how many messages each
     * train had, each phase's stop, the seconds the size took, warm-up included, and the whole time of a short train
     * after the link was left idle, with its messages.
     */
    public record Point(long size, Percentiles rttMicros, Percentiles sendMicros, Percentiles recvMicros,
                        Percentiles gapMicros, int trainMessages, List<Phase> phases, double seconds,
                        Percentiles idleTrainMicros, int idleTrainMessages) {

        public Point {
            phases = List.copyOf(phases);
        }

        /** One line on how the point ended, e.g. "1K: round trips 2300 (median +-0.6%, stable), ...; 1.8 s". */
        public String describeStops() {
            StringBuilder line = new StringBuilder(size + " B:");
            for (Phase phase : phases) {
                line.append(String.format(" %s %d%s (median %s, %s),", phase.name(), phase.samples(),
                        phase.name().equals("trains") ? " of " + trainMessages
                                : phase.name().equals("idle trains") ? " of " + idleTrainMessages : "",
                        phase.precisionPercent() == null ? "too few to say" : String.format("+-%.2f%%", phase.precisionPercent()),
                        phase.stop()));
            }
            line.setLength(line.length() - 1);
            return line.append(String.format("; %.1f s", seconds)).toString();
        }
    }

    /**
     * How one phase of a point ended: its samples, its median's precision (relative half-width of the 95% interval, in
     * percent; null with too few samples to say), and why it stopped: "stable", "time budget" or "sample cap".
     */
    public record Phase(String name, long samples, Double precisionPercent, String stop, double seconds) {}

    /** Microseconds: median first (what the fitter uses), then the tail. */
    public record Percentiles(double p50, double p90, double p99, double min, double max, double mean, long count) {

        static Percentiles of(Histogram h) {
            return new Percentiles(h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(90) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0, h.getMinValue() / 1000.0, h.getMaxValue() / 1000.0, h.getMean() / 1000.0,
                    h.getTotalCount());
        }
    }
}
