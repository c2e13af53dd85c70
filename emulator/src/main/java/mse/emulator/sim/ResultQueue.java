package mse.emulator.sim;

import mse.emulator.model.NetworkInterface;

/**
 * A master's incoming results in the order its incoming interface takes them, which is the order its
 * ANY_SOURCE receive takes them: a binary min-heap of slave ranks keyed by (the time the slave's oldest
 * in-flight result reaches the interface, rank). Each slave is in the heap once: its
 * later results (with --prefetch) reach the interface after its oldest and in send order, so the sequence
 * tie-break of {@link NetworkInterface#takesBefore} never decides between two heap entries and the rank is a
 * complete key. DY's event loop orders its sources by their oldest message on the way alike ({@link ReachQueue}).
 *
 * <p>The heap holds each entry's key packed in one long, (reach shifted left by the bits of the largest rank) | rank,
 * whose order as a number is (reach, rank)'s: a comparison is one instruction and a move one store, with no look-up
 * by rank. That leaves reach 63 - bits(rank) bits, 2^53 ns (104 days) at P = 1,024; a reach outside is
 * refused, never wrapped.
 */
final class ResultQueue {

    private final long[] heap;
    private final long[] reach;
    private final int rankBits;
    private final long rankMask;
    private int size;

    /** reach is indexed by rank and owned by the caller, who sets a slave's entry before offering it. */
    ResultQueue(int capacity, long[] reach) {
        this.heap = new long[capacity];
        this.reach = reach;
        this.rankBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, reach.length - 1));
        this.rankMask = (1L << rankBits) - 1;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The slave whose result the master takes next. */
    int peek() {
        return (int) (heap[0] & rankMask);
    }

    void offer(int rank) {
        rise(size++, key(rank));
    }

    /** Removes the head. */
    void poll() {
        long last = heap[--size];
        if (size > 0) {
            siftDown(last);
        }
    }

    /** The head's slave has a new result in flight (its reach entry changed): one sift instead of poll + offer. */
    void requeueHead() {
        siftDown(key(peek()));
    }

    /**
     * Puts `key` in the root's place: the hole goes down to a leaf along the lesser children, then the key rises from
     * there (Floyd's order of comparisons: the key, a late reach, mostly belongs near the leaves, so one comparison per
     * level instead of two).
     */
    private void siftDown(long key) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && heap[right] < heap[child]) {
                child = right;
            }
            heap[i] = heap[child];
            i = child;
        }
        rise(i, key);
    }

    /** Puts `key` in the hole at i, or above it where its parents are greater. */
    private void rise(int i, long key) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent] <= key) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = key;
    }

    private long key(int rank) {
        long at = reach[rank];
        long packed = at << rankBits;
        if (packed >> rankBits != at) {
            throw new IllegalStateException("rank " + rank + "'s reach " + at + " ns is beyond the " + (63 - rankBits)
                    + " bits the result queue keeps at this P");
        }
        return packed | rank;
    }
}
