package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.report.AtomicFiles;
import mse.emulator.report.EmulationResultFiles;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.farm.MasterEvents;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.EmulationPlan;

/** One emulated run at one P, validated up front (before anything is launched) and written to its directory. */
final class EmulatedPoint {

    private final String command;
    private final int np;
    private final AppOptions app;
    private final EmulationOptions emulation;
    private final TargetProfile target;
    private final TaskCost taskCost;

    private EmulatedPoint(String command, int np, AppOptions app, EmulationOptions emulation) {
        this.command = command;
        this.np = np;
        this.app = app;
        this.emulation = emulation;
        this.target = emulation.target();
        this.taskCost = emulation.taskCost();
    }

    /** Checks the options for this P; bad input fails here with exit code 2. */
    static EmulatedPoint prepare(String command, int np, AppOptions app, EmulationOptions emulation) {
        app.validate(np);
        emulation.validate(np);
        return new EmulatedPoint(command, np, app, emulation);
    }

    /** Runs, writes summary.json and the other result files into dir, and returns the summary. */
    Map<String, Object> run(Path dir) throws IOException {
        EmulatedRun run = EmulatedLaunch.run(new EmulationPlan(app, np, target, taskCost, emulation.local(),
                emulation.timeout(), dir, emulation.chaosDelayMillis()));
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
        header.put("tasks", run.master().get("tasks"));
        header.put("wallSeconds", run.wallSeconds());
        header.put("checksum", run.master().get("checksum"));
        header.put("launchedAs", run.launchedAs());
        Object events = run.master().get("masterEvents");
        if (events instanceof List<?> list) {
            // DY's split/merge log (seed 001, section 3.2), as rank 0 collected it
            header.put("masterEvents", list);
            AtomicFiles.writeString(dir.resolve("masters.csv"),
                    MasterEvents.toCsvFromMaps(list.stream().map(e -> (Map<?, ?>) e).toList()));
        }
        return EmulationResultFiles.write(dir, header, run.report());
    }
}
