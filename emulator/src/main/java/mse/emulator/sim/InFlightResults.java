package mse.emulator.sim;

/**
 * The results each slave has sent and its master has not yet received, oldest first, in primitive ring
 * buffers of K per rank (--prefetch K: a slave holds up to K tasks, so up to K of its results may
 * be on their way). A slave's results leave its outgoing interface in send order, so its oldest is the one
 * the master's interface takes first; {@link ResultQueue} orders the slaves by that oldest result.
 */
final class InFlightResults {

    private final int capacity;
    private final long[] reach;
    private final long[] sendStart;
    private final int[] bytes;
    private final int[] task;
    private final int[] head;
    private final int[] count;

    InFlightResults(int processes, int prefetch) {
        this.capacity = prefetch;
        int slots = Math.multiplyExact(processes, prefetch);
        this.reach = new long[slots];
        this.sendStart = new long[slots];
        this.bytes = new int[slots];
        this.task = new int[slots];
        this.head = new int[processes];
        this.count = new int[processes];
    }

    /** The slave sent task t's result of `length` bytes at sendStart; it reaches the master's interface at `reachNanos`. */
    void add(int slave, int t, int length, long sendStartNanos, long reachNanos) {
        if (count[slave] == capacity) {
            throw new IllegalStateException("slave " + slave + " has more than " + capacity + " results in flight");
        }
        int i = slot(slave, count[slave]++);
        task[i] = t;
        bytes[i] = length;
        sendStart[i] = sendStartNanos;
        reach[i] = reachNanos;
    }

    boolean isEmpty(int slave) {
        return count[slave] == 0;
    }

    /** Forgets the slave's oldest result (the master received it). */
    void removeOldest(int slave) {
        head[slave] = (head[slave] + 1) % capacity;
        count[slave]--;
    }

    long oldestReach(int slave) {
        return reach[slot(slave, 0)];
    }

    long oldestSendStart(int slave) {
        return sendStart[slot(slave, 0)];
    }

    int oldestBytes(int slave) {
        return bytes[slot(slave, 0)];
    }

    int oldestTask(int slave) {
        return task[slot(slave, 0)];
    }

    private int slot(int slave, int index) {
        return slave * capacity + (head[slave] + index) % capacity;
    }
}
