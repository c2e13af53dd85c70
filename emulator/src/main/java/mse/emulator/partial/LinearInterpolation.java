package mse.emulator.partial;

/**
 * Estimates every task's cost from the measured ones by linear interpolation in assignment order (seed 000
 * (000_779708a527b9c658.txt) section 3.1, Fig. 1). Keeping the order keeps both what matters for the
 * prediction: (A) the total work and (B) which sizes the master hands out when (Fig. 2-3: randomised order
 * uses slaves better and hides the saturation point). Integer arithmetic, so costs on a line come back exactly.
 */
public final class LinearInterpolation {

    private LinearInterpolation() {
    }

    /**
     * Costs of all `total` tasks; positions are strictly increasing task indices with their measured costs.
     * Before the first and after the last measured task the nearest measurement is used.
     */
    public static long[] fill(int[] positions, long[] costs, int total) {
        if (positions.length == 0 || positions.length != costs.length) {
            throw new IllegalArgumentException("need as many measured costs as positions, and at least one");
        }
        long[] all = new long[total];
        java.util.Arrays.fill(all, 0, positions[0], costs[0]);
        for (int i = 0; i + 1 < positions.length; i++) {
            int x0 = positions[i];
            int x1 = positions[i + 1];
            if (x1 <= x0) {
                throw new IllegalArgumentException("positions must increase: " + x0 + " then " + x1);
            }
            for (int t = x0; t < x1; t++) {
                all[t] = between(costs[i], costs[i + 1], t - x0, x1 - x0);
            }
        }
        int last = positions[positions.length - 1];
        java.util.Arrays.fill(all, last, total, costs[costs.length - 1]);
        return all;
    }

    /** c0 + (c1 - c0) * step / span, rounded half up, exact while the product fits a long. */
    static long between(long c0, long c1, long step, long span) {
        long rise = c1 - c0;
        long product;
        try {
            product = Math.multiplyExact(rise, step);
        } catch (ArithmeticException overflow) {
            return c0 + Math.round((double) rise * step / span);
        }
        return c0 + Math.floorDiv(2 * product + span, 2 * span);
    }
}
