package mse.mpi.experiment;

import java.time.Duration;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.timeline.TimelineRequest;
import mse.mpi.launch.Cluster;

/**
 * How the points of an emulate or a sweep are emulated, resolved from the options once: the target, how tasks are
 * charged, ranks as threads (local) or mpirun, the time limit, (tests only) the random real delay per operation,
 * where the emulator listens, how much timeline to keep and in which files, the machines, and whether to show progress.
 */
public record EmulationSettings(TargetProfile target, TaskCost taskCost, boolean local, Duration timeout, int chaosDelayMillis,
                                String bindHost, TimelineRequest timeline, Cluster cluster, boolean quiet) {
}
