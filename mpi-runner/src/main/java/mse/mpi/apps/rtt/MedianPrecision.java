package mse.mpi.apps.rtt;

import org.HdrHistogram.Histogram;

/**
 * How well a sample's median is known: the half-width of its 95% confidence interval relative to the median. The
 * interval comes from order statistics and holds for any distribution: among n samples the ranks n/2 -+ 0.98 sqrt(n)
 * bound the true median with 95% probability (binomial count of samples below it, normal approximation), so the
 * interval runs between the percentiles 50 -+ 98/sqrt(n). A phase of the benchmark stops measuring once this is
 * below the asked precision: a tight distribution settles within a few hundred samples, a noisy one takes more.
 * The histogram keeps three significant digits, so no median is known better than the width of its own bucket: an
 * interval that falls inside one bucket (a fast machine whose timings repeat to the nanosecond) counts as that width,
 * never as zero, and a precision finer than the histogram's never counts as reached.
 */
final class MedianPrecision {

    /** Below this many samples the normal approximation of the binomial is too rough to believe. */
    static final int MIN_SAMPLES = 20;

    private MedianPrecision() {
    }

    /**
     * The relative half-width of the median's 95% interval, at least the median's bucket width; infinite with fewer
     * than {@link #MIN_SAMPLES} samples.
     */
    static double of(Histogram h) {
        long n = h.getTotalCount();
        if (n < MIN_SAMPLES) {
            return Double.POSITIVE_INFINITY;
        }
        double spread = 98.0 / Math.sqrt(n);
        double median = h.getValueAtPercentile(50);
        double low = h.getValueAtPercentile(Math.max(0, 50 - spread));
        double high = h.getValueAtPercentile(Math.min(100, 50 + spread));
        double resolution = h.sizeOfEquivalentValueRange((long) median);
        return Math.max(resolution, Math.max(median - low, high - median)) / median;
    }
}
