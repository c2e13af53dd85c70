package mse.emulator.timeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * Where a run's timeline goes, how much of it ({@link TimelineMode}) and as which files ({@link TimelineFormat}:
 * `file`, timeline.json, and or the OTF2 archive in the directory {@link #OTF2_DIRECTORY} beside it); mode off
 * writes none.
 */
public record TimelineSetup(Path file, TimelineMode mode, TimelineFormat format) {

    public static final String FILE_NAME = "timeline.json";
    /** The OTF2 archive's directory in a run's results directory: otf2/traces.otf2, traces.def and traces/. */
    public static final String OTF2_DIRECTORY = "otf2";

    /** timeline.json alone. */
    public TimelineSetup(Path file, TimelineMode mode) {
        this(file, mode, TimelineFormat.CHROME);
    }

    public static TimelineSetup off() {
        return new TimelineSetup(null, TimelineMode.OFF);
    }

    /** timeline.json in a run's results directory. */
    public static TimelineSetup in(Path dir, TimelineMode mode) {
        return new TimelineSetup(dir.resolve(FILE_NAME), mode);
    }

    /** The files `request` asks for in a run's results directory. */
    public static TimelineSetup in(Path dir, TimelineRequest request) {
        return new TimelineSetup(dir.resolve(FILE_NAME), request.mode(), request.format());
    }

    /** Whether the ranks report their MPI calls for this timeline ({@link TimelineRequest#reportsCalls}). */
    public boolean reportsCalls() {
        return new TimelineRequest(mode, format).reportsCalls();
    }

    /** A writer for this setup, or none when the mode is off. */
    public Optional<TimelineWriter> open(RankHosts hosts, Collection<Integer> masters) throws IOException {
        return mode == TimelineMode.OFF ? Optional.empty() : Optional.of(TimelineWriter.open(file, mode, format, hosts, masters));
    }
}
