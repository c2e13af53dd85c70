package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Path;
import mse.cluster.profiles.TargetProfile;
import mse.mpi.apps.Program;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.RunHeader;

/** One emulated run at one P, validated up front (before anything is launched) and written to its directory. */
public final class EmulatedPoint {

    private final String command;
    private final int np;
    private final Program program;
    private final EmulationSettings emulation;

    private EmulatedPoint(String command, int np, Program program, EmulationSettings emulation) {
        this.command = command;
        this.np = np;
        this.program = program;
        this.emulation = emulation;
    }

    /** Checks the program for this P (the caller checked the emulation's options); bad input fails here with exit code 2. */
    public static EmulatedPoint prepare(String command, int np, Program program, EmulationSettings emulation) {
        BadInputException.check(() -> program.validate(np, emulation.local() ? Runtime.getRuntime().maxMemory()
                : Math.min(Runtime.getRuntime().maxMemory(), MpirunCommand.RANK_HEAP_BYTES)));
        return new EmulatedPoint(command, np, program, emulation);
    }

    /** What makes this point the same point in a resumed sweep: strategy, masters, tasks in flight per slave and P. */
    public SweepResume.Configuration configuration() {
        return new SweepResume.Configuration(program.strategy().name(), program.strategy().masters(np).size(),
                program.tasksInFlight(), np);
    }

    public Program program() {
        return program;
    }

    public TargetProfile target() {
        return emulation.target();
    }

    /** Runs, writes summary.json and the other result files into dir, and returns the summary. */
    public EmulationSummary run(Path dir) throws IOException {
        return run(dir, command + " P=" + np);
    }

    /** The same, with a progress label (a sweep says which point of how many). */
    public EmulationSummary run(Path dir, String progressLabel) throws IOException {
        EmulatedRun run;
        try (Progress progress = Progress.start(progressLabel, emulation.quiet())) {
            run = EmulatedLaunch.run(new EmulationPlan(program, np, emulation.target(), emulation.taskCost(), emulation.local(),
                    emulation.timeout(), dir, emulation.chaosDelayMillis(), progress, MpirunCommand.DEFAULT_BTL,
                    emulation.bindHost(), emulation.timeline(), emulation.cluster()));
        }
        RunHeader header = RunHeader.of(command, program.identity(np), np, emulation.target(), emulation.taskCost(), run.master(),
                run.wallSeconds(), run.launchedAs());
        return EmulationSummary.write(dir, header, run.master(), run.report(), emulation.cluster().rankHosts(np));
    }
}
