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

    /** One message size: the round trip, rank 0's send call (o_s) and its receive of an arrived reply (o_r). */
    public record Point(long size, Percentiles rttMicros, Percentiles sendMicros, Percentiles recvMicros) {}

    /** Microseconds: median first (what the fitter uses), then the tail. */
    public record Percentiles(double p50, double p90, double p99, double min, double max, double mean, long count) {

        static Percentiles of(Histogram h) {
            return new Percentiles(h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(90) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0, h.getMinValue() / 1000.0, h.getMaxValue() / 1000.0, h.getMean() / 1000.0,
                    h.getTotalCount());
        }
    }
}
