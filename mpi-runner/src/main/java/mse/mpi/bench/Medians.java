package mse.mpi.bench;

import java.util.Arrays;

/** The median the benchmarks report: of a handful of runs, the middle one is what a run costs, not the outlier's. */
public final class Medians {

    private Medians() {
    }

    /** The middle value, or the mean of the two middle ones. */
    public static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
