package mse.emulator.timeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/** Where a run's timeline goes and how much of it ({@link TimelineMode}); mode off writes none. */
public record TimelineSetup(Path file, TimelineMode mode) {

    public static final String FILE_NAME = "timeline.json";

    public static TimelineSetup off() {
        return new TimelineSetup(null, TimelineMode.OFF);
    }

    /** timeline.json in a run's results directory. */
    public static TimelineSetup in(Path dir, TimelineMode mode) {
        return new TimelineSetup(dir.resolve(FILE_NAME), mode);
    }

    /** A writer for this setup, or none when the mode is off. */
    public Optional<TimelineWriter> open(RankHosts hosts, Collection<Integer> masters) throws IOException {
        return mode == TimelineMode.OFF ? Optional.empty() : Optional.of(TimelineWriter.open(file, mode, hosts, masters));
    }
}
