package mse.emulator.kernel;

/**
 * One task as the kernel charged it, for tasks.csv and for replay in the simulator: which slave ran it,
 * the CPU time it really took on this host, and its virtual start and end on the target.
 */
public record TaskRecord(int taskId, int rank, long measuredCpuNanos, long virtualStartNanos, long virtualEndNanos) {
}
