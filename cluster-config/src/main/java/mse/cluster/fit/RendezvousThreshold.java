package mse.cluster.fit;

import java.util.Arrays;
import java.util.OptionalLong;

/**
 * Finds LogGPS's S (seed 001 (001_cb00b78257109af6.txt) section 2.2) in an RTT-versus-size curve: past the
 * eager limit MPI switches to a rendezvous protocol (an extra handshake, often another copy path), so the
 * curve is two lines, not one. S is "visible" only when two lines explain the points much better than one;
 * with few sizes it is placed at the first size of the upper line (the true limit lies between that size
 * and the one below: Open MPI's vader switches at 4 KiB, tcp at 64 KiB).
 */
public final class RendezvousThreshold {

    /** A single line must miss by more than this (relative RMS) before a break is believed. */
    static final double LINE_MISS = 0.03;
    /** Two lines must cut the relative RMS of one line by at least this factor. */
    static final double IMPROVEMENT = 3.0;

    private RendezvousThreshold() {
    }

    /**
     * S from RTTs at distinct, increasing sizes; empty when the curve is one line or there are too few
     * sizes (each line needs two points, so at least four sizes).
     */
    public static OptionalLong find(long[] bytes, double[] rttMicros) {
        int n = bytes.length;
        if (n < 4) {
            return OptionalLong.empty();
        }
        double one = line(bytes, rttMicros, 0, n);
        if (one <= LINE_MISS) {
            return OptionalLong.empty();
        }
        int bestSplit = -1;
        double best = Double.MAX_VALUE;
        for (int split = 2; split <= n - 2; split++) {
            double two = Math.sqrt((sq(line(bytes, rttMicros, 0, split)) * split
                    + sq(line(bytes, rttMicros, split, n)) * (n - split)) / n);
            if (two < best) {
                best = two;
                bestSplit = split;
            }
        }
        return best * IMPROVEMENT <= one ? OptionalLong.of(bytes[bestSplit]) : OptionalLong.empty();
    }

    /** Relative RMS of the line a + b k through points [from, to); two points fit exactly. */
    private static double line(long[] bytes, double[] rtt, int from, int to) {
        double[][] design = new double[to - from][];
        for (int i = from; i < to; i++) {
            design[i - from] = new double[] {1.0, bytes[i]};
        }
        return LinearFit.of(design, Arrays.copyOfRange(rtt, from, to)).relativeRms();
    }

    private static double sq(double x) {
        return x * x;
    }
}
