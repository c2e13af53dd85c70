package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.mpi.options.BadInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * `mse compare A B`: two result directories side by side (a run of emulate, or a sweep/predict/validate,
 * whose best point is compared), with the difference B - A and its percentage.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two result directories: predicted time, best P, master breakdown, p99 waits.",
        footer = {"", "Example:", "  ./run.sh compare results/20261122-101500-sweep results/20261122-103000-sweep"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "A results directory (or its summary.json).")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Another results directory (or its summary.json).")
    Path b;

    /** One row: a label and how to read its number from a run's summary (null when absent). */
    private record Row(String label, String[] path) {}

    private static final List<Row> ROWS = List.of(
            new Row("predicted time (s)", new String[] {"predictedSeconds"}),
            new Row("P", new String[] {"np"}),
            new Row("masters", new String[] {"masters"}),
            new Row("speedup", new String[] {"speedup"}),
            new Row("master send (s)", new String[] {"breakdown", "master", "sendSeconds"}),
            new Row("master receive (s)", new String[] {"breakdown", "master", "recvSeconds"}),
            new Row("master compute (s)", new String[] {"breakdown", "master", "computeSeconds"}),
            new Row("master idle (s)", new String[] {"breakdown", "master", "idleSeconds"}),
            new Row("master busy fraction", new String[] {"breakdown", "master", "busyFraction"}),
            new Row("slave wait p99 (us)", new String[] {"latency", "slaveWaitMicros", "p99"}),
            new Row("queue wait p99 (us)", new String[] {"latency", "masterQueueWaitMicros", "p99"}),
            new Row("wall time (s)", new String[] {"wallSeconds"}));

    @Override
    public Integer call() throws Exception {
        Map<String, Object> left = bestPoint(read(a));
        Map<String, Object> right = bestPoint(read(b));
        System.out.printf("A: %s (%s, %s, %s)%n", a, left.get("strategy"), left.get("profile"), left.get("workload"));
        System.out.printf("B: %s (%s, %s, %s)%n", b, right.get("strategy"), right.get("profile"), right.get("workload"));
        System.out.printf("%-22s %14s %14s %14s %9s%n", "", "A", "B", "B - A", "change");
        for (Row row : ROWS) {
            Double x = number(left, row.path());
            Double y = number(right, row.path());
            if (x == null && y == null) {
                continue;
            }
            String change = x != null && y != null && x != 0 ? String.format("%+.1f%%", 100 * (y - x) / x) : "";
            System.out.printf("%-22s %14s %14s %14s %9s%n", row.label(), format(x), format(y),
                    x != null && y != null ? format(y - x) : "", change);
        }
        return 0;
    }

    private static Map<String, Object> read(Path p) throws IOException {
        Path file = Files.isDirectory(p) ? p.resolve("summary.json") : p;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("compare: no summary.json at " + file);
        }
        try {
            return Json.read(file);
        } catch (IOException e) {
            throw new BadInputException("compare: " + file + " is not a readable summary.json: " + e.getMessage());
        }
    }

    /** A single run compares as it is; a sweep (points[]) by its best point, which carries the sweep's keys. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> bestPoint(Map<String, Object> summary) {
        if (!(summary.get("points") instanceof List<?> points) || points.isEmpty()) {
            return summary;
        }
        Map<String, Object> best = null;
        for (Object o : points) {
            Map<String, Object> p = (Map<String, Object>) o;
            Double t = number(p, new String[] {"predictedSeconds"});
            if (t != null && (best == null || t < number(best, new String[] {"predictedSeconds"}))) {
                best = p;
            }
        }
        if (best == null) {
            return summary;
        }
        Map<String, Object> merged = new java.util.LinkedHashMap<>(summary);
        merged.putAll(best);
        return merged;
    }

    @SuppressWarnings("unchecked")
    private static Double number(Map<String, Object> map, String[] path) {
        Object o = map;
        for (String key : path) {
            if (!(o instanceof Map<?, ?> m)) {
                return null;
            }
            o = ((Map<String, Object>) m).get(key);
        }
        return o instanceof Number n ? n.doubleValue() : null;
    }

    private static String format(Double v) {
        if (v == null) {
            return "-";
        }
        return v == Math.rint(v) ? String.format("%.0f", v) : String.format("%.6g", v);
    }
}
