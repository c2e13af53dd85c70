package mse.mpi.apps.farm;

/**
 * The last W wait times the slaves of one dynamic master reported, in nanoseconds of Comm.wtime(). DY
 * splits and merges on "the statistics of the slaves' wait time from the request of a task until its
 * assignment" (seed 001, section 3.2); the statistic here is the mean over a full window, which is
 * deterministic under emulation because every sample is a difference of virtual wtime() values.
 */
final class WaitWindow {

    private final long[] samples;
    private int count;
    private int next;
    private long sum;

    WaitWindow(int size) {
        this.samples = new long[size];
    }

    void add(long waitNanos) {
        if (count == samples.length) {
            sum -= samples[next];
        } else {
            count++;
        }
        samples[next] = waitNanos;
        sum += waitNanos;
        next = (next + 1) % samples.length;
    }

    /** A decision needs a full window, so one slow reply right after a start or a split decides nothing. */
    boolean full() {
        return count == samples.length;
    }

    long meanNanos() {
        return count == 0 ? 0 : sum / count;
    }

    /** Forgets everything: after a split the group is new and its old waits no longer say anything. */
    void clear() {
        count = 0;
        next = 0;
        sum = 0;
    }
}
