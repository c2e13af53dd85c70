package mse.emulator.timeline;

import java.util.Objects;

/**
 * A moment of the run on one rank's track, such as a DY split or merge, with what it did as args: any value
 * Jackson writes as a JSON object (a record's components, in their order).
 */
public record TimelineInstant(int rank, long nanos, String name, Object args) {

    public TimelineInstant {
        Objects.requireNonNull(args, "args");
    }
}
