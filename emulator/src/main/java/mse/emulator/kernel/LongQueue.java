package mse.emulator.kernel;

import java.util.Arrays;

/**
 * A first-in first-out queue of longs in a ring that grows: the master queue measures keep a few times per message
 * in one (receive starts, request times), where boxed Longs cost a simulated DY run a tenth of its time;
 * DY's simulated ranks keep their tasks and results in flight in them too (mse.emulator.sim.DynamicRank).
 */
public final class LongQueue {

    private long[] ring = new long[8];
    private int head;
    private int size;

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    public void addLast(long value) {
        if (size == ring.length) {
            long[] grown = new long[2 * ring.length];
            for (int i = 0; i < size; i++) {
                grown[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = grown;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = value;
        size++;
    }

    /** The first value; the queue must not be empty. */
    public long peekFirst() {
        if (size == 0) {
            throw new IllegalStateException("empty queue");
        }
        return ring[head];
    }

    public long pollFirst() {
        long first = peekFirst();
        head = (head + 1) & (ring.length - 1);
        size--;
        return first;
    }

    @Override
    public String toString() {
        long[] values = new long[size];
        for (int i = 0; i < size; i++) {
            values[i] = ring[(head + i) & (ring.length - 1)];
        }
        return Arrays.toString(values);
    }
}
