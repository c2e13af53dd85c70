package mse.mpi.cli;

import mse.mpi.apps.rtt.RttSettings;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Option;

/**
 * When one calibration point (one P, one message size) has measured enough (calibrate, validate): its round trips,
 * receives and trains each stop once their median is known to --precision, at --round-trips samples, or when the
 * point's --point-seconds run out. Every point's stops are printed.
 */
final class PointStopOptions {

    static final int MIN_ROUND_TRIPS = 10_000;

    @Option(names = "--round-trips", paramLabel = "N", defaultValue = "10000",
            description = "At most this many measured round trips per point, at least 10000; a point whose median is "
                    + "stable stops earlier (default: ${DEFAULT-VALUE}).")
    int roundTrips;

    @Option(names = "--precision", paramLabel = "PERCENT", defaultValue = "1",
            description = "A point's phase stops once the 95%% confidence interval of its median is within this many "
                    + "percent of it (default: ${DEFAULT-VALUE}).")
    double precisionPercent;

    @Option(names = "--point-seconds", paramLabel = "SECONDS", defaultValue = "20",
            description = "Time budget of one point (one P, one size), warm-up included (default: ${DEFAULT-VALUE}).")
    double pointSeconds;

    @Option(names = "--test-round-trips", paramLabel = "N",
            description = "For quick checks and tests: a cap of N samples per point below --round-trips' minimum of "
                    + MIN_ROUND_TRIPS + "; the profile it writes is then rough (not for predictions you rely on).")
    Integer testRoundTrips;

    /** At least 10,000 round trips may be asked for; tests may ask for fewer. */
    RttSettings settings(long[] sizes, int warmup) {
        if (testRoundTrips == null && roundTrips < MIN_ROUND_TRIPS) {
            throw new BadInputException("--round-trips: at least " + MIN_ROUND_TRIPS + " per point, got " + roundTrips);
        }
        if (warmup < 0) {
            throw new BadInputException("--warmup: expected >= 0, got " + warmup);
        }
        int count = testRoundTrips != null ? testRoundTrips : roundTrips;
        if (count < 1) {
            throw new BadInputException("--test-round-trips: expected >= 1, got " + count);
        }
        if (!(precisionPercent > 0 && precisionPercent < 100)) {
            throw new BadInputException("--precision: expected a percentage between 0 and 100, got " + precisionPercent);
        }
        if (!(pointSeconds > 0)) {
            throw new BadInputException("--point-seconds: expected a positive number of seconds, got " + pointSeconds);
        }
        return new RttSettings(sizes, warmup, count, precisionPercent / 100, pointSeconds);
    }
}
