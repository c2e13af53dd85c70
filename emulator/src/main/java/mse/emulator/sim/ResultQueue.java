package mse.emulator.sim;

import mse.emulator.model.NetworkInterface;

/**
 * A master's incoming results in the order its incoming interface takes them, which is the order its
 * ANY_SOURCE receive takes them: a binary min-heap of slave ranks keyed by (the time the slave's oldest
 * in-flight result reaches the interface, rank), in primitive arrays. Each slave is in the heap once: its
 * later results (with --prefetch) reach the interface after its oldest and in send order, so the sequence
 * tie-break of {@link NetworkInterface#takesBefore} never decides between two heap entries and the rank is a
 * complete key. DY's event loop orders its sources by their oldest message on the way alike ({@link ReachQueue}).
 */
final class ResultQueue {

    private final int[] heap;
    private final long[] reach;
    private int size;

    /** reach is indexed by rank and owned by the caller, who sets a slave's entry before offering it. */
    ResultQueue(int capacity, long[] reach) {
        this.heap = new int[capacity];
        this.reach = reach;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The slave whose result the master takes next. */
    int peek() {
        return heap[0];
    }

    void offer(int rank) {
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(rank, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = rank;
    }

    /** Removes the head. */
    void poll() {
        int last = heap[--size];
        if (size > 0) {
            siftDown(last);
        }
    }

    /** The head's slave has a new result in flight (its reach entry changed): one sift instead of poll + offer. */
    void requeueHead() {
        siftDown(heap[0]);
    }

    private void siftDown(int rank) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(heap[right], heap[child])) {
                child = right;
            }
            if (!before(heap[child], rank)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = rank;
    }

    private boolean before(int a, int b) {
        return NetworkInterface.takesBefore(reach[a], a, 0, reach[b], b, 0);
    }
}
