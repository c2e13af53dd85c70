package mse.mpi.cli;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
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

    /**
     * What compare reads of any summary.json (emulate, sweep, predict, validate, or one an older mse wrote): the keys it
     * shows, null where a file has none, every other key ignored; a sweep's points[] hold the same keys.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Compared(String strategy, String profile, String workload, Double predictedSeconds, Integer np, Integer masters,
                    Double speedup, Breakdown breakdown, Latency latency, Double wallSeconds, List<Compared> points) {

        /** breakdown.master's figures. */
        @JsonIgnoreProperties(ignoreUnknown = true)
        record Breakdown(Master master) {}

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Master(Double sendSeconds, Double recvSeconds, Double computeSeconds, Double idleSeconds, Double busyFraction) {}

        /** The latencies' 99th percentiles. */
        @JsonIgnoreProperties(ignoreUnknown = true)
        record Latency(Tail slaveWaitMicros, Tail masterQueueWaitMicros) {}

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Tail(Double p99) {}

        /** This point where it has a value, else the summary it belongs to. */
        Compared over(Compared summary) {
            return new Compared(or(strategy, summary.strategy), or(profile, summary.profile), or(workload, summary.workload),
                    or(predictedSeconds, summary.predictedSeconds), or(np, summary.np), or(masters, summary.masters),
                    or(speedup, summary.speedup), or(breakdown, summary.breakdown), or(latency, summary.latency),
                    or(wallSeconds, summary.wallSeconds), null);
        }

        private static <T> T or(T mine, T theirs) {
            return mine != null ? mine : theirs;
        }

        Double master(Function<Master, Double> part) {
            return breakdown == null || breakdown.master() == null ? null : part.apply(breakdown.master());
        }

        Double p99(Function<Latency, Tail> which) {
            return latency == null || which.apply(latency) == null ? null : which.apply(latency).p99();
        }
    }

    /** One row: a label and how to read its number from a run's summary (null when absent). */
    private record Row(String label, Function<Compared, Number> value) {}

    private static final List<Row> ROWS = List.of(
            new Row("predicted time (s)", Compared::predictedSeconds),
            new Row("P", Compared::np),
            new Row("masters", Compared::masters),
            new Row("speedup", Compared::speedup),
            new Row("master send (s)", c -> c.master(Compared.Master::sendSeconds)),
            new Row("master receive (s)", c -> c.master(Compared.Master::recvSeconds)),
            new Row("master compute (s)", c -> c.master(Compared.Master::computeSeconds)),
            new Row("master idle (s)", c -> c.master(Compared.Master::idleSeconds)),
            new Row("master busy fraction", c -> c.master(Compared.Master::busyFraction)),
            new Row("slave wait p99 (us)", c -> c.p99(Compared.Latency::slaveWaitMicros)),
            new Row("queue wait p99 (us)", c -> c.p99(Compared.Latency::masterQueueWaitMicros)),
            new Row("wall time (s)", Compared::wallSeconds));

    @Override
    public Integer call() throws Exception {
        Compared left = bestPoint(read(a));
        Compared right = bestPoint(read(b));
        System.out.printf("A: %s (%s, %s, %s)%n", a, left.strategy(), left.profile(), left.workload());
        System.out.printf("B: %s (%s, %s, %s)%n", b, right.strategy(), right.profile(), right.workload());
        System.out.printf("%-22s %14s %14s %14s %9s%n", "", "A", "B", "B - A", "change");
        for (Row row : ROWS) {
            Double x = number(row.value().apply(left));
            Double y = number(row.value().apply(right));
            if (x == null && y == null) {
                continue;
            }
            String change = x != null && y != null && x != 0 ? String.format("%+.1f%%", 100 * (y - x) / x) : "";
            System.out.printf("%-22s %14s %14s %14s %9s%n", row.label(), format(x), format(y),
                    x != null && y != null ? format(y - x) : "", change);
        }
        return 0;
    }

    private static Compared read(Path p) throws IOException {
        Path file = Files.isDirectory(p) ? p.resolve("summary.json") : p;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("compare: no summary.json at " + file);
        }
        try {
            return Json.read(file, Compared.class);
        } catch (IOException e) {
            throw new BadInputException("compare: " + file + " is not a readable summary.json: " + e.getMessage());
        }
    }

    /** A single run compares as it is; a sweep (points[]) by its best point, which carries the sweep's keys. */
    private static Compared bestPoint(Compared summary) {
        if (summary.points() == null) {
            return summary;
        }
        return summary.points().stream().filter(p -> p.predictedSeconds() != null)
                .min(Comparator.comparingDouble(Compared::predictedSeconds)).map(best -> best.over(summary)).orElse(summary);
    }

    private static Double number(Number n) {
        return n == null ? null : n.doubleValue();
    }

    private static String format(Double v) {
        if (v == null) {
            return "-";
        }
        return v == Math.rint(v) ? String.format("%.0f", v) : String.format("%.6g", v);
    }
}
