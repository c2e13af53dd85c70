package mse.mpi.rank;

import com.fasterxml.jackson.annotation.JsonInclude;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;

/**
 * The inputs and identity of one emulated run, the first keys of its summary.json (and its timeline's metadata).
 *
 * @param masters  the number of masters (Pm), which sweeps compare
 * @param prefetch tasks in flight per slave when --prefetch was given, else null (absent from the file)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunHeader(String command, String app, String strategy, int np, int masters, Integer prefetch, String profile,
                        String profileSource, double cpuRatio, String taskCost, String workload, int tasks, double wallSeconds,
                        String checksum, String launchedAs) {

    public static RunHeader of(String command, RunIdentity identity, int np, TargetProfile target, TaskCost taskCost,
                               RankResult master, double wallSeconds, String launchedAs) {
        return new RunHeader(command, identity.app(), identity.strategy(), np, identity.masters(), identity.prefetch(),
                target.network().name(), target.origin(), target.cpu().speedRatio(), taskCost.spec(), identity.workload(),
                master.tasks(), wallSeconds, master.checksum(), launchedAs);
    }
}
