package mse.mpi.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RankAccount;
import mse.emulator.report.EmulationResultFiles;
import mse.emulator.report.LatencyHistograms;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.strategy.StrategySimulation;

/** The summary.json of `predict`: the same points[] and best as `sweep`, from simulated runs. */
public final class PredictedSweep {

    private PredictedSweep() {
    }

    /**
     * One point, with the keys a sweep point has that a simulation can know (no checksum: tasks did not all run);
     * prefetch only when --prefetch was given (null otherwise).
     */
    public static Map<String, Object> point(String strategy, int np, int masters, Integer prefetch, StrategySimulation simulation,
                                     double simulationSeconds) {
        SimulatedRun run = simulation.run();
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("strategy", strategy);
        p.put("np", np);
        p.put("masters", masters);
        if (prefetch != null) {
            p.put("prefetch", prefetch);
        }
        p.put("predictedSeconds", run.predictedNanos() / 1e9);
        p.put("sequentialSeconds", run.sequentialNanos() / 1e9);
        p.put("speedup", run.speedup());
        p.put("breakdown", Map.of("master", EmulationResultFiles.breakdown(run.masters().get(0))));
        LatencyHistograms h = run.latency();
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("slaveWaitMicros", EmulationResultFiles.percentiles(h.slaveWaitNanos(), 1000.0));
        latency.put("masterQueueWaitMicros", EmulationResultFiles.percentiles(h.queueWaitNanos(), 1000.0));
        p.put("latency", latency);
        List<Map<String, Object>> perMaster = new ArrayList<>();
        for (RankAccount m : run.masters()) {
            perMaster.add(EmulationResultFiles.breakdown(m));
        }
        p.put("perMaster", perMaster);
        p.put("simulatedMessages", run.messages());
        p.put("wallSeconds", simulationSeconds);
        return p;
    }

    public static Map<String, Object> summary(Map<String, Object> header, List<Map<String, Object>> points, Map<String, Object> predictor) {
        Map<String, Object> summary = new LinkedHashMap<>(header);
        summary.put("points", points);
        summary.put("best", ResultTables.best(points));
        summary.put("predictor", predictor);
        return summary;
    }
}
