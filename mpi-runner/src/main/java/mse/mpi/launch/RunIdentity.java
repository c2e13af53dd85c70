package mse.mpi.launch;

/** What a run is, for summary.json and reports: the program, its master strategy, how many masters, the workload. */
public record RunIdentity(String app, String strategy, int masters, String workload) {
}
