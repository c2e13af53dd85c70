package mse.mpi.apps.rtt;

/**
 * One round-trip benchmark: the message sizes, the warm-up round trips per size, and when a size's measurement
 * stops. Each of its phases (round trips, receives of arrived replies, trains) stops once its median is known to
 * `precision` (the half-width of its 95% confidence interval, relative; see {@link MedianPrecision}), once it has
 * `roundTrips` samples (the receive phase a tenth as many, at least 100: each waits several RTTs), or once its
 * share of `pointSeconds` is spent, whichever comes first.
 *
 * @param precision    relative half-width of the median's confidence interval that counts as stable, e.g. 0.01
 * @param pointSeconds the time budget of one message size, warm-up included
 */
public record RttSettings(long[] sizes, int warmup, int roundTrips, double precision, double pointSeconds) {

    public RttSettings {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no message sizes");
        }
        for (long size : sizes) {
            if (size < 1 || size > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("message size must be 1 .. 2^31-1 bytes, got " + size);
            }
        }
        if (warmup < 0 || roundTrips < 1) {
            throw new IllegalArgumentException("need warm-up >= 0 and round trips >= 1");
        }
        if (!(precision > 0 && precision < 1) || !(pointSeconds > 0)) {
            throw new IllegalArgumentException("need 0 < precision < 1 and a positive time per point");
        }
        sizes = sizes.clone();
    }

    public int arrivedReceives() {
        return Math.max(100, roundTrips / 10);
    }
}
