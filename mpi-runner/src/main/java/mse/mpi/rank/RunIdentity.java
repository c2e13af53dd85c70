package mse.mpi.rank;

/**
 * What a run is, for summary.json and reports: the program, its master strategy, how many masters, the workload,
 * and the tasks in flight per slave when --prefetch was given (null otherwise, so the key stays out of results).
 */
public record RunIdentity(String app, String strategy, int masters, String workload, Integer prefetch) {

    /** A run without --prefetch. */
    public RunIdentity(String app, String strategy, int masters, String workload) {
        this(app, strategy, masters, workload, null);
    }
}
