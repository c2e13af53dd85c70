package mse.mpi.apps.rtt;

/**
 * One round-trip benchmark: the message sizes, the warm-up and measured round trips per size. The
 * receive-overhead phase uses a tenth as many round trips (at least 100): each waits several RTTs.
 */
public record RttSettings(long[] sizes, int warmup, int roundTrips) {

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
        sizes = sizes.clone();
    }

    public int arrivedReceives() {
        return Math.max(100, roundTrips / 10);
    }

    /** How many messages rank 1 echoes per size: every phase of rank 0. */
    int echoesPerSize() {
        return warmup + roundTrips + arrivedReceives();
    }
}
