package mse.emulator.timeline;

import java.util.Map;

/** A moment of the run on one rank's track, such as a DY split or merge, with what it did as args. */
public record TimelineInstant(int rank, long nanos, String name, Map<String, Object> args) {

    public TimelineInstant {
        args = Map.copyOf(args);
    }
}
