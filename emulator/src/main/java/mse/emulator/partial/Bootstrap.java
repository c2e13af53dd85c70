package mse.emulator.partial;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The bootstrap of seed 000 (000_779708a527b9c658.txt) section 4.3 (Efron [6]): draw n tasks at random,
 * average them, repeat `resamples` times (the paper: 40), sort, drop alpha percent (2.5%) from each end; the
 * rest spans the confidence interval and its median estimates the mean. Draws come from the measured
 * tasks with replacement, so no task runs twice. The interval narrows as n grows (central limit theorem).
 */
public final class Bootstrap {

    public static final int RESAMPLES = 40;
    public static final double ALPHA_PERCENT = 2.5;

    private final int resamples;
    private final double alphaPercent;
    private final long seed;

    public Bootstrap(int resamples, double alphaPercent, long seed) {
        if (resamples < 3 || !(alphaPercent >= 0 && alphaPercent < 50)) {
            throw new IllegalArgumentException("need >= 3 resamples and 0 <= alpha < 50%");
        }
        this.resamples = resamples;
        this.alphaPercent = alphaPercent;
        this.seed = seed;
    }

    public static Bootstrap paper(long seed) {
        return new Bootstrap(RESAMPLES, ALPHA_PERCENT, seed);
    }

    /** I_e for samples of n tasks drawn from the measured costs. */
    public ErrorInterval interval(long[] measured, int n) {
        if (measured.length == 0 || n < 1) {
            throw new IllegalArgumentException("bootstrap needs measured tasks and n >= 1");
        }
        SplittableRandom random = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * n));
        double[] means = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += measured[random.nextInt(measured.length)];
            }
            means[r] = sum / n;
        }
        Arrays.sort(means);
        int drop = (int) Math.round(resamples * alphaPercent / 100);
        double[] kept = Arrays.copyOfRange(means, drop, resamples - drop);
        double median = kept.length % 2 == 1 ? kept[kept.length / 2] : (kept[kept.length / 2 - 1] + kept[kept.length / 2]) / 2;
        if (median == 0) {
            return new ErrorInterval(n, 0, 0, 0);
        }
        return new ErrorInterval(n, 100 * (kept[0] - median) / median, 100 * (kept[kept.length - 1] - median) / median, median);
    }

    /** Table 2: I_e for n = 4, 16, 64, ... (times 4) below the number measured, and for all of them. */
    public List<ErrorInterval> table(long[] measured) {
        List<ErrorInterval> rows = new ArrayList<>();
        for (int n = 4; n < measured.length; n *= 4) {
            rows.add(interval(measured, n));
        }
        rows.add(interval(measured, measured.length));
        return rows;
    }
}
