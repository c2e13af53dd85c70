package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import mse.emulator.dynamic.MasterActivity;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.report.Breakdown;
import mse.emulator.report.CriticalPathSummary;
import mse.emulator.report.Latency;
import mse.emulator.report.RankBreakdown;
import mse.emulator.report.RankWaits;
import mse.emulator.report.SweepPoint;
import mse.emulator.report.WaitReport;
import mse.emulator.sim.SimulatedRun;

/**
 * One point of predict's summary.json: the keys a sweep point has that a simulation can know (no checksum: tasks did
 * not all run; no queue length), the messages simulated and the simulation's wall time, and DY's master activity
 * last (null, absent, for the other strategies). prefetch only when --prefetch was given (null otherwise). ranks[] (each
 * rank's wait states) and criticalPath where the simulator analysed the run (every strategy's simulation does), null
 * (absent) where it did not.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PredictedPoint(String strategy, int np, int masters, Integer prefetch, double predictedSeconds,
                             double sequentialSeconds, double speedup, Breakdown breakdown, Latency latency,
                             List<RankBreakdown> perMaster, long simulatedMessages, double wallSeconds,
                             List<RankWaits> ranks, CriticalPathSummary criticalPath,
                             @JsonUnwrapped MasterActivity dynamic) implements SweepPoint {

    public PredictedPoint {
        perMaster = List.copyOf(perMaster);
        ranks = ranks == null ? null : List.copyOf(ranks);
    }

    public static PredictedPoint of(String strategy, int np, int masters, Integer prefetch, SimulatedRun run,
                                    double simulationSeconds, MasterActivity dynamic) {
        return new PredictedPoint(strategy, np, masters, prefetch, run.predictedNanos() / 1e9, run.sequentialNanos() / 1e9,
                run.speedup(), new Breakdown(RankBreakdown.of(run.masters().get(0))), Latency.of(run.latency(), false),
                run.masters().stream().map(RankBreakdown::of).toList(), run.messages(), simulationSeconds,
                run.bounds() == null ? null : RankWaits.of(run.bounds()),
                run.bounds() == null ? null : CriticalPathSummary.of(run.bounds().criticalPath()), dynamic);
    }

    @Override
    public WaitReport waits() {
        return WaitReport.of(criticalPath, breakdown.master().rank(), ranks);
    }

    @Override
    public List<MasterEvent> masterEvents() {
        return dynamic == null ? List.of() : dynamic.masterEvents();
    }
}
