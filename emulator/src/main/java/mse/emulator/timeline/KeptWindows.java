package mse.emulator.timeline;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * Auto mode's bound on one kind of timeline entry (the slaves', or the masters'): the first `size` entries are
 * kept, later ones wait in a ring of the last `size`, and what falls out of the ring is dropped. Both are written
 * when the run ends, so a trace shows how a run starts and how it ends, with the middle cut.
 */
final class KeptWindows {

    private final int size;
    private final ArrayDeque<Object> last = new ArrayDeque<>();
    private long seen;
    private long dropped;

    KeptWindows(int size) {
        this.size = size;
    }

    /** Whether `entry` is still inside the first window; if not, it is held, and the entry it pushes out dropped. */
    boolean inFirstWindow(Object entry, Consumer<Object> drop) {
        if (seen++ < size) {
            return true;
        }
        if (last.size() == size) {
            drop.accept(last.pollFirst());
            dropped++;
        }
        last.addLast(entry);
        return false;
    }

    /** Writes the last window (at the end of the run). */
    void flush(Consumer<Object> write) {
        last.forEach(write);
        last.clear();
    }

    boolean droppedAny() {
        return dropped > 0;
    }

    int size() {
        return size;
    }
}
