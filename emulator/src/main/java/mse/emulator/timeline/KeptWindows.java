package mse.emulator.timeline;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * Auto mode's bound on one kind of timeline entry (the slaves', or the masters'): the first entries are kept up to
 * `size` entries or `bytes` bytes of trace (the entry's upper bound, {@code sizer}), later ones wait in a ring of
 * the last ones under the same two bounds, and what falls out of the ring is dropped. Both are written when the run
 * ends, so a trace shows how a run starts and how it ends, with the middle cut.
 */
final class KeptWindows {

    private final int size;
    private final long bytes;
    private final ToIntFunction<Object> sizer;
    private final ArrayDeque<Object> last = new ArrayDeque<>();
    private long firstEntries;
    private long firstBytes;
    private boolean firstFull;
    private long lastBytes;
    private long dropped;

    KeptWindows(int size, long bytes, ToIntFunction<Object> sizer) {
        this.size = size;
        this.bytes = bytes;
        this.sizer = sizer;
    }

    /** Whether `entry` is still inside the first window; if not, it is held, and the entries it pushes out dropped. */
    boolean inFirstWindow(Object entry, Consumer<Object> drop) {
        int entryBytes = sizer.applyAsInt(entry);
        if (!firstFull && firstEntries < size && firstBytes + entryBytes <= bytes) {
            firstEntries++;
            firstBytes += entryBytes;
            return true;
        }
        firstFull = true; // later entries are the end of the run, even a small one that would still fit
        last.addLast(entry);
        lastBytes += entryBytes;
        while (last.size() > size || lastBytes > bytes) {
            Object out = last.pollFirst();
            lastBytes -= sizer.applyAsInt(out);
            drop.accept(out);
            dropped++;
        }
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

    long bytes() {
        return bytes;
    }
}
