package mse.emulator.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.TaskRecord;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The files of one emulated run, each written atomically: summary.json (the caller's header plus the
 * prediction, the master breakdown and the latency percentiles), breakdown.csv (per rank, as seed 001
 * Fig. 3), histograms/*.hgrm (HdrHistogram percentile format, microseconds) and tasks.csv.
 */
public final class EmulationResultFiles {

    private EmulationResultFiles() {
    }

    /** Writes every file and returns the summary it wrote; each rank's host is the address it connected from. */
    public static Map<String, Object> write(Path dir, Map<String, Object> header, EmulationReport report) throws IOException {
        return write(dir, header, report, null);
    }

    /**
     * Writes every file and returns the summary it wrote; `rankHosts` names the host of each rank as the
     * launcher placed it (null: the address its connection came from).
     */
    public static Map<String, Object> write(Path dir, Map<String, Object> header, EmulationReport report,
                                            List<String> rankHosts) throws IOException {
        List<Map<String, Object>> ranks = ranks(report, rankHosts);
        Map<String, Object> summary = summary(header, report);
        summary.put("ranks", ranks);
        writeBreakdown(dir.resolve("breakdown.csv"), report, ranks);
        writeTasks(dir.resolve("tasks.csv"), report.tasks());
        LatencyHistograms queues = report.combinedQueues();
        writeHistogram(dir.resolve("histograms/slave-wait.hgrm"), queues.slaveWaitNanos(), 1000.0);
        writeHistogram(dir.resolve("histograms/master-queue-wait.hgrm"), queues.queueWaitNanos(), 1000.0);
        writeHistogram(dir.resolve("histograms/master-queue-length.hgrm"), queues.queueLength(), 1.0);
        writeHistogram(dir.resolve("histograms/master-recv-overhead.hgrm"), queues.receiveOverheadNanos(), 1000.0);
        for (Map.Entry<Integer, LatencyHistograms> master : report.masterQueues().entrySet()) {
            String prefix = "histograms/master-" + master.getKey() + "-";
            writeHistogram(dir.resolve(prefix + "slave-wait.hgrm"), master.getValue().slaveWaitNanos(), 1000.0);
            writeHistogram(dir.resolve(prefix + "queue-wait.hgrm"), master.getValue().queueWaitNanos(), 1000.0);
            writeHistogram(dir.resolve(prefix + "queue-length.hgrm"), master.getValue().queueLength(), 1.0);
        }
        Json.write(dir.resolve("summary.json"), summary);
        return summary;
    }

    public static Map<String, Object> summary(Map<String, Object> header, EmulationReport report) {
        Map<String, Object> summary = new LinkedHashMap<>(header);
        summary.put("predictedSeconds", seconds(report.result().predictedNanos()));
        long sequential = report.tasks().stream().mapToLong(t -> t.virtualEndNanos() - t.virtualStartNanos()).sum();
        summary.put("sequentialSeconds", seconds(sequential));
        summary.put("speedup", report.result().predictedNanos() == 0 ? 0.0 : (double) sequential / report.result().predictedNanos());
        RankAccount master = report.result().ranks().get(report.masters().isEmpty() ? 0 : report.masters().get(0));
        summary.put("breakdown", Map.of("master", breakdown(master)));
        LatencyHistograms queues = report.combinedQueues();
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("slaveWaitMicros", percentiles(queues.slaveWaitNanos(), 1000.0));
        latency.put("masterQueueWaitMicros", percentiles(queues.queueWaitNanos(), 1000.0));
        latency.put("masterQueueLength", percentiles(queues.queueLength(), 1.0));
        summary.put("latency", latency);
        List<Map<String, Object>> masters = new ArrayList<>();
        for (int rank : report.masters()) {
            Map<String, Object> m = breakdown(report.result().ranks().get(rank));
            LatencyHistograms h = report.masterQueues().get(rank);
            if (h != null) {
                m.put("slaveWaitMicros", percentiles(h.slaveWaitNanos(), 1000.0));
                m.put("masterQueueWaitMicros", percentiles(h.queueWaitNanos(), 1000.0));
            }
            masters.add(m);
        }
        // "masters" already holds the number of masters (Pm), which sweeps compare; the detail goes here.
        summary.put("perMaster", masters);
        return summary;
    }

    /** Where one rank's virtual time went, seed 001 Fig. 3. */
    public static Map<String, Object> breakdown(RankAccount account) {
        Map<String, Object> breakdown = new LinkedHashMap<>();
        breakdown.put("rank", account.rank());
        breakdown.put("sendSeconds", seconds(account.sendNanos()));
        breakdown.put("recvSeconds", seconds(account.receiveNanos()));
        breakdown.put("computeSeconds", seconds(account.computeNanos()));
        breakdown.put("idleSeconds", seconds(account.idleNanos()));
        breakdown.put("busyFraction", busyFraction(account));
        // Overlaps the four above: the incoming network interface busy passing messages (LogGP's G at the master).
        breakdown.put("linkBusySeconds", seconds(account.linkBusyNanos()));
        return breakdown;
    }

    /** The master's share of its time spent sending, receiving or computing (not idle). */
    public static double busyFraction(RankAccount account) {
        long total = account.finalClockNanos();
        return total == 0 ? 0 : (double) (total - account.idleNanos()) / total;
    }

    public static Map<String, Object> percentiles(Histogram h, double unit) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("p50", h.getValueAtPercentile(50) / unit);
        p.put("p90", h.getValueAtPercentile(90) / unit);
        p.put("p99", h.getValueAtPercentile(99) / unit);
        p.put("max", h.getMaxValue() / unit);
        p.put("count", h.getTotalCount());
        return p;
    }

    /** summary.json's ranks[]: each rank's host (as in the hostfile) and the address its connection came from. */
    private static List<Map<String, Object>> ranks(EmulationReport report, List<String> rankHosts) {
        List<Map<String, Object>> ranks = new ArrayList<>();
        List<String> addresses = report.rankAddresses();
        for (int r = 0; r < report.result().ranks().size(); r++) {
            String address = r < addresses.size() ? addresses.get(r) : "";
            Map<String, Object> rank = new LinkedHashMap<>();
            rank.put("rank", r);
            rank.put("host", rankHosts != null ? rankHosts.get(r) : address);
            rank.put("address", address);
            rank.put("lowerBounds", report.result().lowerBounds().get(r));
            ranks.add(rank);
        }
        return ranks;
    }

    private static void writeBreakdown(Path file, EmulationReport report, List<Map<String, Object>> ranks) throws IOException {
        StringBuilder csv = new StringBuilder("rank,role,sendSeconds,recvSeconds,computeSeconds,idleSeconds,totalSeconds,linkBusySeconds,host\n");
        for (RankAccount a : report.result().ranks()) {
            csv.append(a.rank()).append(',').append(report.masters().contains(a.rank()) ? "master" : "slave")
                    .append(',').append(seconds(a.sendNanos())).append(',').append(seconds(a.receiveNanos()))
                    .append(',').append(seconds(a.computeNanos())).append(',').append(seconds(a.idleNanos()))
                    .append(',').append(seconds(a.finalClockNanos())).append(',').append(seconds(a.linkBusyNanos())).append(',')
                    .append(ranks.get(a.rank()).get("host")).append('\n');
        }
        AtomicFiles.writeString(file, csv.toString());
    }

    /**
     * tasks.csv: order is the position of the task's virtual start among all tasks (its real assignment order);
     * masterCpuNanos, the last column, is the host CPU its master spent on its result (trace replay charges it).
     */
    private static void writeTasks(Path file, List<TaskRecord> tasks) throws IOException {
        List<TaskRecord> byStart = new ArrayList<>(tasks);
        byStart.sort(Comparator.comparingLong(TaskRecord::virtualStartNanos).thenComparingInt(TaskRecord::rank)
                .thenComparingInt(TaskRecord::taskId));
        StringBuilder csv = new StringBuilder(TaskRecord.CSV_HEADER + "\n");
        for (int order = 0; order < byStart.size(); order++) {
            TaskRecord t = byStart.get(order);
            csv.append(t.taskId()).append(',').append(order).append(',').append(t.rank()).append(',')
                    .append(t.measuredCpuNanos()).append(',').append(t.virtualStartNanos()).append(',')
                    .append(t.virtualEndNanos()).append(',').append(t.masterCpuNanos()).append('\n');
        }
        AtomicFiles.writeString(file, csv.toString());
    }

    /**
     * NAME.hgrm, the percentile distribution (values divided by unit: nanoseconds become microseconds),
     * and NAME.hlog, the same histogram in HdrHistogram's log format (raw nanoseconds), which
     * HistogramLogReader and HistogramLogAnalyzer read back losslessly.
     */
    private static void writeHistogram(Path file, Histogram h, double unit) throws IOException {
        AtomicFiles.write(file, out -> {
            PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
            h.outputPercentileDistribution(print, unit);
            print.flush();
        });
        String name = file.getFileName().toString().replace(".hgrm", ".hlog");
        AtomicFiles.write(file.resolveSibling(name), out -> {
            PrintStream print = new PrintStream(out, false, StandardCharsets.UTF_8);
            HistogramLogWriter log = new HistogramLogWriter(print);
            log.outputLogFormatVersion();
            log.outputLegend();
            Histogram copy = h.copy();
            copy.setStartTimeStamp(0);
            copy.setEndTimeStamp(0);
            log.outputIntervalHistogram(copy);
            print.flush();
        });
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
