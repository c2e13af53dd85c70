package mse.emulator.dynamic;

/**
 * The last W wait times the slaves of one dynamic master reported, in nanoseconds of Comm.wtime(). DY
 * splits and merges on "the statistics of the slaves' wait time from the request of a task until its
 * assignment" (seed 001, section 3.2); the statistic here is the median over a full window: a few
 * results that happen to arrive together (big results, Table 2's o grows with k) make one slave wait
 * once, which a mean would take for a busy master, whereas a saturated master makes nearly every slave
 * wait. It is deterministic under emulation because every sample is a difference of virtual wtime() values.
 *
 * <p>A master only compares the median with its two thresholds, so the window counts the samples above the
 * high one and below the low one as they come and go, and answers from the counts: the (upper) median
 * sorted[n / 2] of n samples is above `high` exactly when at least n - n / 2 samples are, and below `low` exactly
 * when at least n / 2 + 1 are. That is the median's answer at a counter's cost per sample, where keeping the
 * samples sorted cost two binary searches and two shifts per result.
 */
public final class WaitWindow {

    private final long[] samples;
    private final long high;
    private final long low;
    private int count;
    private int next;
    private int above;
    private int below;

    /** A window of `size` samples whose median is compared with `high` ({@link #medianAbove}) and `low` ({@link #medianBelow}). */
    public WaitWindow(int size, long high, long low) {
        this.samples = new long[size];
        this.high = high;
        this.low = low;
    }

    public void add(long waitNanos) {
        if (count == samples.length) {
            count(samples[next], -1); // the oldest leaves
            count--;
        }
        count(waitNanos, 1);
        count++;
        samples[next] = waitNanos;
        next = (next + 1) % samples.length;
    }

    private void count(long sample, int change) {
        if (sample > high) {
            above += change;
        }
        if (sample < low) {
            below += change;
        }
    }

    /** A decision needs a full window, so one slow reply right after a start or a split decides nothing. */
    public boolean full() {
        return count == samples.length;
    }

    /** Whether the median (the upper one for an even count; 0 for none) of the samples held is above `high`. */
    public boolean medianAbove() {
        return count == 0 ? 0 > high : above >= count - count / 2;
    }

    /** Whether the median (the upper one for an even count; 0 for none) of the samples held is below `low`. */
    public boolean medianBelow() {
        return count == 0 ? 0 < low : below >= count / 2 + 1;
    }

    /** Forgets everything: after a split the group is new and its old waits no longer say anything. */
    public void clear() {
        count = 0;
        next = 0;
        above = 0;
        below = 0;
    }
}
