package mse.emulator.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import mse.emulator.analysis.RunBounds;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.TaskRecord;
import mse.emulator.timeline.TimelineWriter;

/**
 * Everything one emulated run measured: the kernel's accounting per rank, every task with its virtual
 * span, the master queues' distributions, keyed by master rank, the timeline's events when one was asked
 * for (the caller finishes it with the run's inputs, or discards it), and where each rank's connection
 * to the emulator came from (by rank; empty when unknown), and what bounds the run (wait states and the critical
 * path; empty when not analysed).
 */
public record EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                              List<Integer> masters, Optional<TimelineWriter> timeline, List<RankOrigin> rankOrigins,
                              Optional<RunBounds> bounds) {

    public EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                           List<Integer> masters, Optional<TimelineWriter> timeline, List<RankOrigin> rankOrigins) {
        this(result, tasks, masterQueues, masters, timeline, rankOrigins, Optional.empty());
    }

    public EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                           List<Integer> masters) {
        this(result, tasks, masterQueues, masters, Optional.empty());
    }

    public EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                           List<Integer> masters, Optional<TimelineWriter> timeline) {
        this(result, tasks, masterQueues, masters, timeline, List.of());
    }

    public EmulationReport {
        tasks = List.copyOf(tasks);
        masterQueues = Map.copyOf(masterQueues);
        masters = List.copyOf(masters);
        rankOrigins = List.copyOf(rankOrigins);
    }

    /** All masters' observations together. */
    public LatencyHistograms combinedQueues() {
        LatencyHistograms all = new LatencyHistograms();
        masterQueues.values().forEach(all::add);
        return all;
    }
}
