package mse.emulator.report;

import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.TaskRecord;

/**
 * Everything one emulated run measured: the kernel's accounting per rank, every task with its virtual
 * span, and the master queues' distributions, keyed by master rank.
 */
public record EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                              List<Integer> masters) {

    public EmulationReport {
        tasks = List.copyOf(tasks);
        masterQueues = Map.copyOf(masterQueues);
        masters = List.copyOf(masters);
    }

    /** All masters' observations together. */
    public LatencyHistograms combinedQueues() {
        LatencyHistograms all = new LatencyHistograms();
        masterQueues.values().forEach(all::add);
        return all;
    }
}
