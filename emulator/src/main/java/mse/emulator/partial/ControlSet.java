package mse.emulator.partial;

import java.util.SplittableRandom;

/**
 * S_R of seed 000 (000_779708a527b9c658.txt) section 4: the same task sizes in random assignment order, the
 * control that shows why interpolation keeps the original order (Fig. 2, Fig. 8(a): E_R misses the
 * saturation point). A shuffle keeps the size distribution, and the total, exactly.
 */
public final class ControlSet {

    private ControlSet() {
    }

    /** The costs in a random order (Fisher-Yates, seeded, so a prediction can be repeated). */
    public static long[] shuffled(long[] costs, long seed) {
        long[] out = costs.clone();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = out.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        return out;
    }
}
