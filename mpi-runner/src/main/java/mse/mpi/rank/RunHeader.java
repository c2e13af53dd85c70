package mse.mpi.rank;

import java.util.LinkedHashMap;
import java.util.Map;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;

/** The inputs and identity of one emulated run, the first keys of its summary.json. */
public final class RunHeader {

    private RunHeader() {
    }

    public static Map<String, Object> of(String command, RunIdentity identity, int np, TargetProfile target, TaskCost taskCost,
                                         RankResult master, double wallSeconds, String launchedAs) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("command", command);
        header.put("app", identity.app());
        header.put("strategy", identity.strategy());
        header.put("np", np);
        header.put("masters", identity.masters());
        if (identity.prefetch() != null) {
            header.put("prefetch", identity.prefetch());
        }
        header.put("profile", target.network().name());
        header.put("profileSource", target.origin());
        header.put("cpuRatio", target.cpu().speedRatio());
        header.put("taskCost", taskCost.spec());
        header.put("workload", identity.workload());
        header.put("tasks", master.tasks());
        header.put("wallSeconds", wallSeconds);
        header.put("checksum", master.checksum());
        header.put("launchedAs", launchedAs);
        return header;
    }
}
