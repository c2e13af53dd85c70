package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import mse.emulator.report.Json;
import mse.mpi.options.BadInputException;

/**
 * `sweep --resume DIR`: the points an interrupted sweep finished, read back from the summary.json it
 * rewrote after each point, checked to belong to the same sweep: every option that changes a prediction and
 * the profile's content ({@link SweepIdentity}).
 */
public final class SweepResume {

    /** Where a sweep's summary.json records what its points share (SweepIdentity). */
    public static final String IDENTITY_KEY = "sameFor";
    /** A point's tasks in flight per slave; a point written without it (no --prefetch) ran with 1. */
    public static final String PREFETCH = "prefetch";

    private SweepResume() {
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> finishedPoints(Path dir, Map<String, Object> identity) throws IOException {
        Path file = dir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("--resume: " + dir + " holds no summary.json of a sweep");
        }
        Map<String, Object> summary;
        try {
            summary = Json.read(file);
        } catch (IOException e) {
            throw new BadInputException("--resume: " + file + " is not readable: " + e.getMessage());
        }
        if (!"sweep".equals(summary.get("command")) || !(summary.get("points") instanceof List<?> points)) {
            throw new BadInputException("--resume: " + file + " is not a sweep's summary");
        }
        if (!(summary.get(IDENTITY_KEY) instanceof Map<?, ?> was)) {
            throw new BadInputException("--resume: " + file + " does not record the sweep's options (an older mse wrote it): "
                    + "start a new sweep");
        }
        List<String> differences = differences((Map<String, Object>) was, identity);
        if (!differences.isEmpty()) {
            throw new BadInputException("--resume: the sweep in " + dir + " was run with other options, so its points "
                    + "would not be comparable: " + String.join("; ", differences));
        }
        return (List<Map<String, Object>>) points;
    }

    /** "--split-wait was 5ms, now 7ms" for every key whose value differs (or that only one side has). */
    private static List<String> differences(Map<String, Object> was, Map<String, Object> now) {
        Set<String> keys = new LinkedHashSet<>(now.keySet());
        keys.addAll(was.keySet());
        List<String> differences = new ArrayList<>();
        for (String key : keys) {
            if (!sameValue(was.get(key), now.get(key))) {
                differences.add(key + " was " + was.get(key) + ", now " + now.get(key));
            }
        }
        return differences;
    }

    /** The finished point with this configuration, or null. */
    public static Map<String, Object> find(List<Map<String, Object>> done, Map<String, Object> configuration) {
        for (Map<String, Object> point : done) {
            if (configuration.entrySet().stream().allMatch(e -> sameValue(valueOf(point, e.getKey()), e.getValue()))) {
                return point;
            }
        }
        return null;
    }

    private static Object valueOf(Map<String, Object> point, String key) {
        return key.equals(PREFETCH) && !point.containsKey(key) ? 1 : point.get(key);
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }
}
