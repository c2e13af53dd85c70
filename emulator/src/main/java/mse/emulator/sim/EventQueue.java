package mse.emulator.sim;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The simulators' clock: pending events in (time, kind, sequence) order, never by floating point
 * (docs/architecture.md, "Determinism"). The kind breaks ties between events at the same nanosecond by its declaration
 * order, and the sequence (the order of scheduling) makes every run of the same inputs replay identically.
 */
public final class EventQueue<K extends Enum<K>, P> {

    /** One scheduled event. */
    public record Event<K extends Enum<K>, P>(long time, K kind, long sequence, P payload) {}

    private final PriorityQueue<Event<K, P>> events = new PriorityQueue<>(
            Comparator.<Event<K, P>>comparingLong(Event::time).thenComparing(Event::kind).thenComparingLong(Event::sequence));
    private long sequence;

    public void schedule(long time, K kind, P payload) {
        events.add(new Event<>(time, kind, sequence++, payload));
    }

    public boolean isEmpty() {
        return events.isEmpty();
    }

    /** The earliest pending event, removed. */
    public Event<K, P> next() {
        return events.remove();
    }
}
