package mse.mpi.rank;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;

/**
 * The inputs and identity of one emulated run, the first keys of its summary.json (and its timeline's metadata).
 *
 * @param masters  the number of masters (Pm), which sweeps compare
 * @param prefetch tasks in flight per slave when --prefetch was given, else null (absent from the file)
 * @param tasks    the tasks done; null (absent) for a foreign program that reports none (mse.h's MSE_Task_done)
 * @param checksum the result's checksum; null (absent) for a foreign program, which MSE cannot check
 * @param program  a foreign program's command line as given after `--`; null (absent) for MSE's own programs
 * @param loadDependent true where the task cost charges wall time (`wall`), so the prediction depends on this host's
 *                 load; null (absent) otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunHeader(String command, String app, String strategy, int np, int masters, Integer prefetch, String profile,
                        String profileSource, double cpuRatio, String taskCost, String workload, Integer tasks, double wallSeconds,
                        String checksum, String launchedAs, List<String> program, Boolean loadDependent) {

    /** The run's header; loadDependent follows from the task cost. */
    public RunHeader(String command, String app, String strategy, int np, int masters, Integer prefetch, String profile,
                     String profileSource, double cpuRatio, TaskCost taskCost, String workload, Integer tasks, double wallSeconds,
                     String checksum, String launchedAs, List<String> program) {
        this(command, app, strategy, np, masters, prefetch, profile, profileSource, cpuRatio, taskCost.spec(), workload, tasks,
                wallSeconds, checksum, launchedAs, program, taskCost.wallClock() ? Boolean.TRUE : null);
    }

    public static RunHeader of(String command, RunIdentity identity, int np, TargetProfile target, TaskCost taskCost,
                               RankResult master, double wallSeconds, String launchedAs) {
        return new RunHeader(command, identity.app(), identity.strategy(), np, identity.masters(), identity.prefetch(),
                target.network().name(), target.origin(), target.cpu().speedRatio(), taskCost, identity.workload(),
                master.tasks(), wallSeconds, master.checksum(), launchedAs, null);
    }

    /**
     * A foreign program's run: named by its executable (app) and command line (workload, program); no strategy, no
     * checksum; tasks only when it reported some (null otherwise, and absent).
     */
    public static RunHeader foreign(String command, List<String> program, int np, int masters, TargetProfile target,
                                    TaskCost taskCost, Integer tasks, double wallSeconds, String launchedAs) {
        String executable = program.get(0);
        return new RunHeader(command, executable.substring(executable.lastIndexOf('/') + 1), null, np, masters, null,
                target.network().name(), target.origin(), target.cpu().speedRatio(), taskCost, String.join(" ", program),
                tasks, wallSeconds, null, launchedAs, List.copyOf(program));
    }
}
