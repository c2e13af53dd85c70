package mse.emulator.partial;

/**
 * Which tasks partial execution runs: n of the N tasks spread evenly over the assignment order, the first
 * and the last included, so linear interpolation covers every task between two measured ones (seed 000
 * (000_779708a527b9c658.txt) section 3.1, Fig. 1: tasks 1, 4, 7, 10 of 10).
 */
public final class SamplePlan {

    private SamplePlan() {
    }

    /** Positions round(i (N-1) / (n-1)), i = 0..n-1, strictly increasing; n >= N gives every task. */
    public static int[] evenlySpaced(int n, int total) {
        if (total < 1) {
            throw new IllegalArgumentException("no tasks to sample");
        }
        if (n < 2 && total > 1) {
            throw new IllegalArgumentException("need at least 2 sampled tasks to interpolate between, got " + n);
        }
        int count = Math.min(n, total);
        int[] positions = new int[count];
        for (int i = 0; i < count; i++) {
            positions[i] = count == 1 ? 0 : (int) Math.round((double) i * (total - 1) / (count - 1));
        }
        return positions;
    }
}
