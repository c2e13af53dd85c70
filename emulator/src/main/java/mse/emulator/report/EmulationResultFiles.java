package mse.emulator.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.OffCpuTime;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.TaskRecord;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The files of one emulated run, each written atomically, but its summary.json (the caller's header plus the
 * {@link EmulatedPrediction} this returns): breakdown.csv (per rank, as seed 001
 * Fig. 3), histograms/*.hgrm (HdrHistogram percentile format, microseconds) and tasks.csv.
 */
public final class EmulationResultFiles {

    private EmulationResultFiles() {
    }

    /**
     * Writes every file but summary.json (whose header the caller knows) and returns the prediction it goes with;
     * `rankHosts` names the host of each rank as the launcher placed it (null: the host its connection came from).
     */
    public static EmulatedPrediction write(Path dir, EmulationReport report, List<String> rankHosts) throws IOException {
        EmulatedPrediction prediction = prediction(report, ranks(report, rankHosts));
        writeBreakdown(dir.resolve("breakdown.csv"), report, prediction.ranks());
        if (!report.tasks().isEmpty()) { // a foreign program that reports no tasks has no tasks.csv
            writeTasks(dir.resolve("tasks.csv"), report.tasks());
        }
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
        return prediction;
    }

    private static EmulatedPrediction prediction(EmulationReport report, List<RankPlacement> ranks) {
        long predicted = report.result().predictedNanos();
        long sequential = report.tasks().stream().mapToLong(t -> t.virtualEndNanos() - t.virtualStartNanos()).sum();
        RankAccount master = report.result().ranks().get(report.masters().isEmpty() ? 0 : report.masters().get(0));
        List<RankBreakdown> masters = new ArrayList<>();
        for (int rank : report.masters()) {
            RankBreakdown m = RankBreakdown.of(report.result().ranks().get(rank));
            LatencyHistograms queue = report.masterQueues().get(rank);
            masters.add(queue == null ? m : m.withQueue(queue));
        }
        boolean tasks = !report.tasks().isEmpty();
        return new EmulatedPrediction(seconds(predicted), tasks ? seconds(sequential) : null,
                !tasks ? null : predicted == 0 ? 0.0 : (double) sequential / predicted,
                new Breakdown(RankBreakdown.of(master)), Latency.of(report.combinedQueues(), true), masters, ranks,
                report.bounds().map(b -> CriticalPathSummary.of(b.criticalPath())).orElse(null));
    }

    /** summary.json's ranks[]: each rank's host (as in the hostfile) and the address its connection came from. */
    private static List<RankPlacement> ranks(EmulationReport report, List<String> rankHosts) {
        List<RankPlacement> ranks = new ArrayList<>();
        List<RankOrigin> origins = report.rankOrigins();
        for (int r = 0; r < report.result().ranks().size(); r++) {
            RankOrigin origin = r < origins.size() ? origins.get(r) : RankOrigin.UNKNOWN;
            int rank = r;
            WaitStates waits = report.bounds().map(b -> WaitStates.of(b.waitStates().get(rank))).orElse(null);
            OffCpuTime off = report.result().offCpu().get(r);
            ranks.add(new RankPlacement(r, rankHosts != null ? rankHosts.get(r) : origin.host(), origin.address(),
                    report.result().lowerBounds().get(r), waits, off == null ? null : seconds(off.offCpuNanos()),
                    MpiErrorSummary.of(report.result().errors(), r)));
        }
        return ranks;
    }

    private static void writeBreakdown(Path file, EmulationReport report, List<RankPlacement> ranks) throws IOException {
        StringBuilder csv = new StringBuilder("rank,role,sendSeconds,recvSeconds,computeSeconds,idleSeconds,totalSeconds,linkBusySeconds,host\n");
        for (RankAccount a : report.result().ranks()) {
            csv.append(a.rank()).append(',').append(report.masters().contains(a.rank()) ? "master" : "slave")
                    .append(',').append(seconds(a.sendNanos())).append(',').append(seconds(a.receiveNanos()))
                    .append(',').append(seconds(a.computeNanos())).append(',').append(seconds(a.idleNanos()))
                    .append(',').append(seconds(a.finalClockNanos())).append(',').append(seconds(a.linkBusyNanos())).append(',')
                    .append(ranks.get(a.rank()).host()).append('\n');
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
