package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Path;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.ForeignLaunch;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.RunHeader;

/**
 * One emulated run of a foreign program at one P, written to its directory as an emulated run of MSE's own
 * programs is, less what only a task-aware program can fill: tasks, speedup and tasks.csv appear only when the
 * program reported tasks (mse.h's MSE_Task_done), and there is no checksum.
 */
public final class ForeignPoint {

    private final String command;
    private final int np;
    private final ForeignProgram program;
    private final EmulationSettings emulation;

    public ForeignPoint(String command, int np, ForeignProgram program, EmulationSettings emulation) {
        this.command = command;
        this.np = np;
        this.program = program;
        this.emulation = emulation;
    }

    /** What makes this point the same point in a resumed sweep: its masters and P (a foreign program has no strategy). */
    public SweepResume.Configuration configuration() {
        return new SweepResume.Configuration(null, program.masters().size(), 1, np);
    }

    /** Runs, writes summary.json and the other result files into dir, and returns the summary. */
    public EmulationSummary run(Path dir) throws IOException {
        EmulatedRun run = ForeignLaunch.run(new ForeignLaunch.Plan(program, np, emulation.target(), emulation.taskCost(),
                emulation.timeout(), dir, emulation.bindHost(), emulation.timeline(), emulation.cluster()));
        int tasks = run.report().tasks().size();
        RunHeader header = RunHeader.foreign(command, program.commandLine(), np, program.masters().size(), emulation.target(),
                emulation.taskCost(), tasks == 0 ? null : tasks, run.wallSeconds(), run.launchedAs());
        return EmulationSummary.write(dir, header, null, run.report(), emulation.cluster().rankHosts(np));
    }
}
