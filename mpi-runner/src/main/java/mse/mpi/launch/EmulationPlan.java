package mse.mpi.launch;

import java.nio.file.Path;
import java.time.Duration;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.TaskCost;
import mse.emulator.timeline.TimelineRequest;
import mse.mpi.apps.Program;
import mse.mpi.options.BindOption;
import mse.mpi.rank.RunProgress;

/**
 * One emulated run: the program and its strategy, P, the target (network and CPU), how tasks are
 * charged, whether ranks are real mpirun processes or threads of this JVM (local), the time limit,
 * where rank 0 leaves its result, (tests only) the largest random real delay to inject per operation, and
 * the Open MPI transports the ranks use (validate pins vader, the fast network, as seed 001 section 3 runs
 * on Myrinet to emulate Fast Ethernet), and how much of the timeline to write into workDir (off for
 * benchmarks and validation), and the machines the ranks run on (the emulator listens on bindHost).
 */
public record EmulationPlan(Program program, int np, TargetProfile profile, TaskCost taskCost, boolean local,
                            Duration timeout, Path workDir, int chaosDelayMillis, RunProgress progress, String btl,
                            String bindHost, TimelineRequest timeline, Cluster cluster) {

    /** Loopback: the emulator of a single-machine run listens where only this machine can reach it. */
    public static final String LOOPBACK = BindOption.LOOPBACK;

    /** A plan on this machine. */
    public EmulationPlan(Program program, int np, TargetProfile profile, TaskCost taskCost, boolean local,
                         Duration timeout, Path workDir, int chaosDelayMillis, RunProgress progress, String btl,
                         String bindHost, TimelineRequest timeline) {
        this(program, np, profile, taskCost, local, timeout, workDir, chaosDelayMillis, progress, btl, bindHost, timeline,
                Cluster.THIS_MACHINE_ONLY);
    }

    public EmulationPlan(Program program, int np, TargetProfile profile, TaskCost taskCost, boolean local,
                         Duration timeout, Path workDir, int chaosDelayMillis, RunProgress progress, String btl) {
        this(program, np, profile, taskCost, local, timeout, workDir, chaosDelayMillis, progress, btl, LOOPBACK, TimelineRequest.OFF);
    }

    /** A plan over Open MPI's default choice of transports, without a progress display. */
    public EmulationPlan(Program program, int np, TargetProfile profile, TaskCost taskCost, boolean local,
                         Duration timeout, Path workDir, int chaosDelayMillis) {
        this(program, np, profile, taskCost, local, timeout, workDir, chaosDelayMillis, RunProgress.NONE, MpirunCommand.DEFAULT_BTL);
    }
}
