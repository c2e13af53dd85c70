package mse.emulator.kernel;

/**
 * One task as the kernel charged it, for tasks.csv and for replay in the simulator: which slave ran it,
 * the CPU time it really took on this host, its virtual start and end on the target, and the host CPU its
 * master then spent on its result up to its next receive (KernelObserver.resultHandled; 0 until known).
 */
public record TaskRecord(int taskId, int rank, long measuredCpuNanos, long virtualStartNanos, long virtualEndNanos,
                         long masterCpuNanos) {

    /** tasks.csv's header: one row per task, these fields in this order (the last added later: readers accept without it). */
    public static final String CSV_HEADER = "task,order,slave,cpuNanos,virtualStartNanos,virtualEndNanos,masterCpuNanos";

    public TaskRecord(int taskId, int rank, long measuredCpuNanos, long virtualStartNanos, long virtualEndNanos) {
        this(taskId, rank, measuredCpuNanos, virtualStartNanos, virtualEndNanos, 0);
    }

    public TaskRecord withMasterCpuNanos(long nanos) {
        return new TaskRecord(taskId, rank, measuredCpuNanos, virtualStartNanos, virtualEndNanos, nanos);
    }
}
