package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import mse.emulator.report.Json;
import mse.emulator.report.SweepPoint;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.EmulationSummary;

/**
 * `sweep --resume DIR`: the points an interrupted sweep finished, read back from the summary.json it
 * rewrote after each point, checked to belong to the same sweep: every option that changes a prediction and
 * the profile's content ({@link SweepIdentity}).
 */
public final class SweepResume {

    /** What makes a point the same point in a resumed sweep; a point written without prefetch ran with 1 in flight. */
    public record Configuration(String strategy, int masters, int prefetch, int np) {

        static Configuration of(SweepPoint point) {
            return new Configuration(point.strategy(), point.masters(), point.prefetch() == null ? 1 : point.prefetch(), point.np());
        }
    }

    /** What resuming reads of a sweep's summary.json. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record Finished(String command, SweepIdentity sameFor, List<EmulationSummary> points) {}

    private SweepResume() {
    }

    public static List<EmulationSummary> finishedPoints(Path dir, SweepIdentity identity) throws IOException {
        Path file = dir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("--resume: " + dir + " holds no summary.json of a sweep");
        }
        Finished summary;
        try {
            summary = Json.read(file, Finished.class);
        } catch (IOException e) {
            throw new BadInputException("--resume: " + file + " is not readable as a sweep's summary: " + e.getMessage());
        }
        if (!"sweep".equals(summary.command()) || summary.points() == null) {
            throw new BadInputException("--resume: " + file + " is not a sweep's summary");
        }
        if (summary.sameFor() == null) {
            throw new BadInputException("--resume: " + file + " does not record the sweep's options (an older mse wrote it): "
                    + "start a new sweep");
        }
        List<String> differences = summary.sameFor().differences(identity);
        if (!differences.isEmpty()) {
            throw new BadInputException("--resume: the sweep in " + dir + " was run with other options, so its points "
                    + "would not be comparable: " + String.join("; ", differences));
        }
        return summary.points();
    }

    /** The finished point with this configuration, if any. */
    public static Optional<EmulationSummary> find(List<EmulationSummary> done, Configuration configuration) {
        return done.stream().filter(point -> Configuration.of(point).equals(configuration)).findFirst();
    }
}
