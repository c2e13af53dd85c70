package mse.mpi.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.TimelineRequest;
import mse.emulator.timeline.TimelineSetup;
import mse.mpi.rank.RankRuntimeOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emulates a foreign program (docs/interposition.md): starts the emulator in this JVM, then the user's program
 * under mpirun with the interposition library preloaded into every rank, and waits for both. As for MSE's own
 * programs, a failed job is reported with the emulator's reason (which rank vanished or failed, who waits for whom)
 * when it has one.
 */
public final class ForeignLaunch {

    private static final Logger LOG = LoggerFactory.getLogger(ForeignLaunch.class);

    /** One emulated run of a foreign program at np ranks, its results going to workDir. */
    public record Plan(ForeignProgram program, int np, TargetProfile profile, TaskCost taskCost, Duration timeout,
                       Path workDir, String bindHost, TimelineRequest timeline, Cluster cluster) {}

    private ForeignLaunch() {
    }

    public static EmulatedRun run(Plan plan) {
        EmulationSetup setup = new EmulationSetup(NetworkModel.of(plan.profile().network(), plan.np()),
                plan.cluster().rankCpus(plan.np(), plan.profile().cpu()), plan.program().masters(), plan.bindHost(),
                Duration.ofSeconds(Math.max(60, 4L * plan.np())), TimelineSetup.in(plan.workDir(), plan.timeline()))
                .chargingMeasuredCpu(plan.taskCost().chargesMeasuredCpu());
        try (EmulationSession session = EmulationSession.starting(setup)) { // mpirun starts while the emulator does
            // The report follows the run: its charts' first costs overlap the run, once the emulator has started.
            session.serving().thenRun(mse.emulator.report.ReportPage::warmUp);
            LOG.info("emulator listening on {}:{} for {} ranks of {}", session.address().getHostString(),
                    session.address().getPort(), plan.np(), plan.program().commandLine().get(0));
            String emulator = (plan.cluster().multiHost() ? session.tcpEndpoint() : session.localEndpoint()).toString();
            MpirunCommand command = plan.cluster().place(job(plan, emulator), plan.workDir());
            double wall;
            try {
                wall = MpiJob.run(command, plan.timeout(), EmulatedLaunch.environment(plan.cluster(), session), session.report());
            } catch (LaunchException e) {
                LaunchException reason = EmulatedLaunch.emulatorReasonOr(session, e);
                session.abort("mpirun ended: " + e.getMessage());
                throw reason;
            }
            EmulationReport report = EmulatedLaunch.awaitReport(session);
            requireTaskReports(plan.taskCost(), report, plan.program().commandLine().get(0));
            OffCpuWarning.print(report.result());
            MpiErrorsNote.print(report.result());
            return new EmulatedRun(report, null, wall, String.join(" ", command.arguments()));
        }
    }

    /**
     * A deterministic task cost charges tasks only: a foreign program (`who`) that reported none would be predicted as
     * if it computed nothing, so that is an error naming the fix, not a result.
     */
    public static void requireTaskReports(TaskCost taskCost, EmulationReport report, String who) {
        if (!taskCost.chargesMeasuredCpu() && report.tasks().isEmpty()) {
            throw new LaunchException("--task-cost " + taskCost.spec() + " charges tasks only, and " + who + " reported none: "
                    + "call MSE_Task_done(task, work) from mse.h after each task (docs/interposition.md), or emulate with "
                    + "--task-cost real");
        }
    }

    /** mpirun with the library's settings for the ranks (-x NAME=value) and the token's name alone (-x NAME). */
    static MpirunCommand job(Plan plan, String emulator) {
        List<String> exported = new ArrayList<>();
        for (Map.Entry<String, String> setting : InterpositionLibrary.rankSettings(emulator, plan.taskCost(),
                plan.profile().collectives().spelling(), plan.program().rankCpu(), plan.timeline().reportsCalls()).entrySet()) {
            exported.add(setting.getKey() + "=" + setting.getValue());
        }
        exported.add(RankRuntimeOptions.TOKEN_VARIABLE);
        return MpirunCommand.foreign(plan.np(), plan.program().commandLine()).exporting(exported);
    }
}
