package mse.mpi.launch;

import java.util.LinkedHashMap;
import java.util.Map;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.AppOptions;

/** The inputs and identity of one emulated run, the first keys of its summary.json. */
public final class RunHeader {

    private RunHeader() {
    }

    public static Map<String, Object> of(String command, AppOptions app, int np, TargetProfile target, TaskCost taskCost,
                                         Map<String, Object> master, double wallSeconds, String launchedAs) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("command", command);
        header.put("app", app.app().name());
        header.put("strategy", app.strategy().name());
        header.put("np", np);
        header.put("masters", app.strategy().masters(np).size());
        header.put("profile", target.network().name());
        header.put("profileSource", target.origin());
        header.put("cpuRatio", target.cpu().speedRatio());
        header.put("taskCost", taskCost.spec());
        header.put("workload", app.describe());
        header.put("tasks", master.get("tasks"));
        header.put("wallSeconds", wallSeconds);
        header.put("checksum", master.get("checksum"));
        header.put("launchedAs", launchedAs);
        return header;
    }
}
