package mse.emulator.dynamic;

/**
 * The last W wait times the slaves of one dynamic master reported, in nanoseconds of Comm.wtime(). DY
 * splits and merges on "the statistics of the slaves' wait time from the request of a task until its
 * assignment" (seed 001, section 3.2); the statistic here is the median over a full window: a few
 * results that happen to arrive together (big results, Table 2's o grows with k) make one slave wait
 * once, which a mean would take for a busy master, whereas a saturated master makes nearly every slave
 * wait. It is deterministic under emulation because every sample is a difference of virtual wtime() values.
 */
public final class WaitWindow {

    private final long[] samples;
    private int count;
    private int next;

    public WaitWindow(int size) {
        this.samples = new long[size];
    }

    public void add(long waitNanos) {
        if (count < samples.length) {
            count++;
        }
        samples[next] = waitNanos;
        next = (next + 1) % samples.length;
    }

    /** A decision needs a full window, so one slow reply right after a start or a split decides nothing. */
    public boolean full() {
        return count == samples.length;
    }

    /** The median (the upper one for an even count) of the samples held. */
    public long medianNanos() {
        if (count == 0) {
            return 0;
        }
        long[] sorted = java.util.Arrays.copyOf(samples, count);
        java.util.Arrays.sort(sorted);
        return sorted[count / 2];
    }

    /** Forgets everything: after a split the group is new and its old waits no longer say anything. */
    public void clear() {
        count = 0;
        next = 0;
    }
}
