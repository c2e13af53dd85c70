package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationResultFiles;
import mse.emulator.timeline.TimelineWriter;
import mse.mpi.apps.Program;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.launch.MasterEventsFile;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.launch.RunHeader;
import mse.mpi.launch.TimelineFile;

/** One emulated run at one P, validated up front (before anything is launched) and written to its directory. */
final class EmulatedPoint {

    private final String command;
    private final int np;
    private final Program program;
    private final EmulationOptions emulation;
    private final TargetProfile target;
    private final TaskCost taskCost;

    private EmulatedPoint(String command, int np, Program program, EmulationOptions emulation) {
        this.command = command;
        this.np = np;
        this.program = program;
        this.emulation = emulation;
        this.target = emulation.target();
        this.taskCost = emulation.taskCost();
    }

    /** Checks the options for this P; bad input fails here with exit code 2. */
    static EmulatedPoint prepare(String command, int np, Program program, EmulationOptions emulation) {
        BadInputException.check(() -> program.validate(np, emulation.local() ? Runtime.getRuntime().maxMemory()
                : Math.min(Runtime.getRuntime().maxMemory(), MpirunCommand.RANK_HEAP_BYTES)));
        emulation.validate(np);
        return new EmulatedPoint(command, np, program, emulation);
    }

    /** What makes this point the same point in a resumed sweep: strategy, masters, tasks in flight per slave and P. */
    Map<String, Object> configuration() {
        return Map.of("strategy", program.strategy().name(), "masters", program.strategy().masters(np).size(),
                SweepResume.PREFETCH, program.tasksInFlight(), "np", np);
    }

    Program program() {
        return program;
    }

    TargetProfile target() {
        return target;
    }

    /** Runs, writes summary.json and the other result files into dir, and returns the summary. */
    Map<String, Object> run(Path dir) throws IOException {
        return run(dir, command + " P=" + np);
    }

    /** The same, with a progress label (a sweep says which point of how many). */
    Map<String, Object> run(Path dir, String progressLabel) throws IOException {
        EmulatedRun run;
        try (Progress progress = Progress.start(progressLabel, emulation.quiet())) {
            run = EmulatedLaunch.run(new EmulationPlan(program, np, target, taskCost, emulation.local(),
                    emulation.timeout(), dir, emulation.chaosDelayMillis(), progress, MpirunCommand.DEFAULT_BTL,
                    emulation.bindHost(), emulation.timeline(), emulation.hosts().cluster()));
        }
        try {
            Map<String, Object> header = RunHeader.of(command, program, np, target, taskCost, run.master(), run.wallSeconds(),
                    run.launchedAs());
            TimelineFile.finish(run.report(), header, run.master());
            MasterEventsFile.write(dir, run.master(), header);
            return EmulationResultFiles.write(dir, header, run.report(), emulation.hosts().cluster().rankHosts(np));
        } finally {
            run.report().timeline().ifPresent(TimelineWriter::discard); // a no-op once finished
        }
    }
}
