package mse.emulator.sim;

import java.util.Arrays;
import mse.emulator.model.NetworkInterface;

/**
 * {@link DynamicFarmSimulator}'s messages on their way, a binary heap in the order incoming interfaces take them
 * ({@link NetworkInterface#takesBefore}: reach, source, sequence): the loop's one ordered structure, touched twice
 * per message. The keys sit in arrays of their own beside the messages, so sifting compares without following a
 * reference.
 */
final class ReachQueue {

    private DynamicFarmSimulator.Message[] messages = new DynamicFarmSimulator.Message[64];
    private long[] reach = new long[64];
    private int[] source = new int[64];
    private long[] sequence = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void add(DynamicFarmSimulator.Message m) {
        if (size == messages.length) {
            messages = Arrays.copyOf(messages, 2 * size);
            reach = Arrays.copyOf(reach, 2 * size);
            source = Arrays.copyOf(source, 2 * size);
            sequence = Arrays.copyOf(sequence, 2 * size);
        }
        int at = size++;
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (!NetworkInterface.takesBefore(m.reachNanos, m.source, m.sequence, reach[parent], source[parent], sequence[parent])) {
                break;
            }
            move(parent, at);
            at = parent;
        }
        put(at, m);
    }

    /** The first message in interface order, removed. */
    DynamicFarmSimulator.Message poll() {
        DynamicFarmSimulator.Message first = messages[0];
        DynamicFarmSimulator.Message last = messages[--size];
        messages[size] = null;
        int at = 0;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && NetworkInterface.takesBefore(reach[child + 1], source[child + 1], sequence[child + 1],
                    reach[child], source[child], sequence[child])) {
                child++;
            }
            if (!NetworkInterface.takesBefore(reach[child], source[child], sequence[child], last.reachNanos, last.source, last.sequence)) {
                break;
            }
            move(child, at);
            at = child;
        }
        if (size > 0) {
            put(at, last);
        }
        return first;
    }

    private void move(int from, int to) {
        messages[to] = messages[from];
        reach[to] = reach[from];
        source[to] = source[from];
        sequence[to] = sequence[from];
    }

    private void put(int at, DynamicFarmSimulator.Message m) {
        messages[at] = m;
        reach[at] = m.reachNanos;
        source[at] = m.source;
        sequence[at] = m.sequence;
    }
}
