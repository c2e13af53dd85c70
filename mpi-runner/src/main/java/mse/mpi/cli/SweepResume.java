package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import mse.emulator.report.Json;

/**
 * `sweep --resume DIR`: the points an interrupted sweep finished, read back from the summary.json it
 * rewrote after each point, checked to belong to the same sweep (workload, profile, cost, CPU ratio).
 */
final class SweepResume {

    private SweepResume() {
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> finishedPoints(Path dir, Map<String, Object> identity) throws IOException {
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
        for (Map.Entry<String, Object> key : identity.entrySet()) {
            Object was = summary.get(key.getKey());
            if (!sameValue(was, key.getValue())) {
                throw new BadInputException("--resume: the sweep in " + dir + " used " + key.getKey() + " = " + was
                        + ", these options give " + key.getValue());
            }
        }
        return (List<Map<String, Object>>) points;
    }

    /** The finished point with this configuration, or null. */
    static Map<String, Object> find(List<Map<String, Object>> done, Map<String, Object> configuration) {
        for (Map<String, Object> point : done) {
            if (configuration.entrySet().stream().allMatch(e -> sameValue(point.get(e.getKey()), e.getValue()))) {
                return point;
            }
        }
        return null;
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return x.doubleValue() == y.doubleValue();
        }
        return Objects.equals(a, b);
    }
}
