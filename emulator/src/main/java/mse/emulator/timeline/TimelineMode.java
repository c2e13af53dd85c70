package mse.emulator.timeline;

import java.util.Locale;

/**
 * How much of a run's timeline goes to timeline.json: nothing, every event, or (auto) every event up to
 * {@link TimelineWriter#AUTO_LIMIT_EVENTS}, beyond which the first and last windows of the slaves' events are
 * kept, the masters' events in windows of their own (whole in any but very long runs).
 */
public enum TimelineMode {
    OFF, FULL, AUTO;

    /** "off", "full" or "auto" (any case); anything else is bad input, named in the message. */
    public static TimelineMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected off, full or auto, got '" + text + "'");
        }
    }

    public String spec() {
        return name().toLowerCase(Locale.ROOT);
    }
}
