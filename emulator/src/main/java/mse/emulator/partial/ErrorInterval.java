package mse.emulator.partial;

/**
 * I_e of seed 000 (000_779708a527b9c658.txt) section 4.3, Table 2: for samples of n tasks, the bootstrap's
 * confidence interval of the mean task cost as errors relative to its estimate (the median of the kept
 * means), in percent: minPercent <= 0 <= maxPercent.
 */
public record ErrorInterval(int n, double minPercent, double maxPercent, double estimatedMeanNanos) {

    /** Whether the whole interval lies within +-x percent (section 4.3: pick n whose I_e is inside). */
    public boolean within(double percent) {
        return -minPercent <= percent && maxPercent <= percent;
    }
}
