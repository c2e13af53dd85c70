package mse.emulator.timeline;

import java.util.Objects;

/** What a command asks of its runs' timelines: how much of each run ({@link TimelineMode}) and in which files. */
public record TimelineRequest(TimelineMode mode, TimelineFormat format) {

    /** No timeline at all. */
    public static final TimelineRequest OFF = new TimelineRequest(TimelineMode.OFF, TimelineFormat.CHROME);

    public TimelineRequest {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(format, "format");
    }

    /**
     * Whether the ranks report each MPI call they enter and leave: only an OTF2 archive shows calls, and nothing is
     * sent for them otherwise, so emulation without one stays as fast.
     */
    public boolean reportsCalls() {
        return mode != TimelineMode.OFF && format.writesOtf2();
    }

    /** timeline.json alone, in `mode`. */
    public static TimelineRequest chrome(TimelineMode mode) {
        return new TimelineRequest(mode, TimelineFormat.CHROME);
    }
}
