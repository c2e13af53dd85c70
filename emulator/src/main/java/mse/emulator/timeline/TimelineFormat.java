package mse.emulator.timeline;

import java.util.Locale;

/**
 * Which files a run's timeline is written as: timeline.json (a Chrome trace, for Perfetto), an OTF2 archive
 * (otf2/traces.otf2, for Vampir and the Score-P tools), or both. The same events go to each.
 */
public enum TimelineFormat {
    CHROME, OTF2, BOTH;

    /** "chrome", "otf2" or "both" (any case); anything else is bad input, named in the message. */
    public static TimelineFormat parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected chrome, otf2 or both, got '" + text + "'");
        }
    }

    public String spec() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean writesChrome() {
        return this != OTF2;
    }

    public boolean writesOtf2() {
        return this != CHROME;
    }
}
