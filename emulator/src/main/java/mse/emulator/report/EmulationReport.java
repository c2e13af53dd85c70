package mse.emulator.report;

import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RunResult;
import mse.emulator.kernel.TaskRecord;

/**
 * Everything one emulated run measured: the kernel's accounting per rank, every task with its virtual
 * span, the master queues' distributions, keyed by master rank, and the address each rank's connection to
 * the emulator came from (by rank; empty when the ranks were not connected over the network).
 */
public record EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                              List<Integer> masters, List<String> rankAddresses) {

    public EmulationReport {
        tasks = List.copyOf(tasks);
        masterQueues = Map.copyOf(masterQueues);
        masters = List.copyOf(masters);
        rankAddresses = List.copyOf(rankAddresses);
    }

    public EmulationReport(RunResult result, List<TaskRecord> tasks, Map<Integer, LatencyHistograms> masterQueues,
                           List<Integer> masters) {
        this(result, tasks, masterQueues, masters, List.of());
    }

    /** All masters' observations together. */
    public LatencyHistograms combinedQueues() {
        LatencyHistograms all = new LatencyHistograms();
        masterQueues.values().forEach(all::add);
        return all;
    }
}
