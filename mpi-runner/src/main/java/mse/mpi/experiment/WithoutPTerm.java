package mse.mpi.experiment;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mse.cluster.profiles.NetworkProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.report.ReportPoint;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.Program;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.strategy.StrategySimulation;

/**
 * The report's comparison line of seed 001 Fig. 2: the same runs under the model without the receive
 * overhead's P term. For the paper's MPICH profile that is its LogGPS row (loggps-fast-ethernet); for
 * any other profile with a P term, the same profile with the per-process coefficients set to 0. The
 * runs' own task costs are replayed in the simulator (same rules as the kernel), so the line costs
 * milliseconds, not another live sweep.
 */
public final class WithoutPTerm {

    private WithoutPTerm() {
    }

    public static Optional<TargetProfile> of(TargetProfile target) {
        NetworkProfile n = target.network();
        if (n.name().equals("mpich-fast-ethernet")) {
            return Optional.of(ProfileLoader.preset("loggps-fast-ethernet").withCpu(target.cpu()));
        }
        if (n.sendOverhead().perProcessMicros() == 0 && n.recvOverhead().perProcessMicros() == 0) {
            return Optional.empty();
        }
        NetworkProfile flat = new NetworkProfile(n.name() + " without P term", n.source(), n.latencyMicros(), n.gapMicros(),
                n.gapPerByteMicros(), n.syncThresholdBytes(),
                new NetworkProfile.Overhead(n.sendOverhead().baseMicros(), 0, n.sendOverhead().perByteMicros()),
                new NetworkProfile.Overhead(n.recvOverhead().baseMicros(), 0, n.recvOverhead().perByteMicros()), n.model(),
                0, n.parameters());
        return Optional.of(new TargetProfile(flat, target.cpu(), target.origin()));
    }

    /** One comparison point per finished run, replaying its tasks.csv; empty without a P term. */
    public static List<ReportPoint> points(Program program, TargetProfile target, List<RunReport.Run> runs) throws IOException {
        Optional<TargetProfile> flat = of(target);
        if (flat.isEmpty()) {
            return List.of();
        }
        List<ReportPoint> points = new ArrayList<>();
        for (RunReport.Run run : runs) {
            int np = run.point().np();
            TraceReplay trace = TraceReplay.load(run.dir().resolve("tasks.csv"), program.workload().tasks(), TargetCpu.of(target.cpu()));
            SimulatedRun sim;
            try {
                sim = StrategySimulation.of(program.strategy(), NetworkModel.of(flat.get().network(), np), trace.cpu(),
                        FarmMessageSizes.of(program.workload().create()), program.tasksInFlight(), trace.hostCosts(), trace.masterCosts(),
                        false, KernelObserver.NONE).run();
            } catch (StrategySimulation.Refused e) {
                // the line is the report's comparison, not the result: the runs stand, the report says why it is missing
                org.slf4j.LoggerFactory.getLogger(WithoutPTerm.class).warn("report: no line without the P term ({})", e.getMessage());
                return List.of();
            }
            points.add(new ReportPoint(RunReport.series(run.point(), flat.get().network().name()), np, sim.predictedNanos() / 1e9, ReportPoint.MasterBreakdown.of(sim.masters().get(0)), null));
        }
        return points;
    }
}
