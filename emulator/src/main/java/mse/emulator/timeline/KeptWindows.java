package mse.emulator.timeline;

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
    /** The last window: a ring of entries and their bytes (each counted once, when it comes). */
    private Object[] last = new Object[1024];
    private int[] lastEntryBytes = new int[1024];
    private int lastStart;
    private int lastCount;
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
        if (lastCount == last.length) {
            grow();
        }
        int at = (lastStart + lastCount++) % last.length;
        last[at] = entry;
        lastEntryBytes[at] = entryBytes;
        lastBytes += entryBytes;
        while (lastCount > size || lastBytes > bytes) {
            Object out = last[lastStart];
            last[lastStart] = null;
            lastBytes -= lastEntryBytes[lastStart];
            lastStart = (lastStart + 1) % last.length;
            lastCount--;
            drop.accept(out);
            dropped++;
        }
        return false;
    }

    /** Writes the last window (at the end of the run). */
    void flush(Consumer<Object> write) {
        for (int i = 0; i < lastCount; i++) {
            int at = (lastStart + i) % last.length;
            write.accept(last[at]);
            last[at] = null;
        }
        lastStart = 0;
        lastCount = 0;
        lastBytes = 0;
    }

    /** Twice the ring, its entries from the oldest on (two copies: the part before the ring's wrap and after it). */
    private void grow() {
        Object[] entries = new Object[2 * last.length];
        int[] entryBytes = new int[2 * last.length];
        int tail = last.length - lastStart;
        System.arraycopy(last, lastStart, entries, 0, tail);
        System.arraycopy(last, 0, entries, tail, lastStart);
        System.arraycopy(lastEntryBytes, lastStart, entryBytes, 0, tail);
        System.arraycopy(lastEntryBytes, 0, entryBytes, tail, lastStart);
        last = entries;
        lastEntryBytes = entryBytes;
        lastStart = 0;
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
