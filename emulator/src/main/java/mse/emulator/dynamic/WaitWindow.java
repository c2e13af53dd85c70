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
    /** The same samples in ascending order, kept so as each one comes: a median per reply costs no sort (issue 45). */
    private final long[] sorted;
    private int count;
    private int next;

    public WaitWindow(int size) {
        this.samples = new long[size];
        this.sorted = new long[size];
    }

    public void add(long waitNanos) {
        if (count == samples.length) {
            int out = java.util.Arrays.binarySearch(sorted, 0, count, samples[next]); // the oldest leaves
            System.arraycopy(sorted, out + 1, sorted, out, count - out - 1);
            count--;
        }
        int at = java.util.Arrays.binarySearch(sorted, 0, count, waitNanos);
        at = at >= 0 ? at : -at - 1;
        System.arraycopy(sorted, at, sorted, at + 1, count - at);
        sorted[at] = waitNanos;
        count++;
        samples[next] = waitNanos;
        next = (next + 1) % samples.length;
    }

    /** A decision needs a full window, so one slow reply right after a start or a split decides nothing. */
    public boolean full() {
        return count == samples.length;
    }

    /** The median (the upper one for an even count) of the samples held. */
    public long medianNanos() {
        return count == 0 ? 0 : sorted[count / 2];
    }

    /** Forgets everything: after a split the group is new and its old waits no longer say anything. */
    public void clear() {
        count = 0;
        next = 0;
    }
}
