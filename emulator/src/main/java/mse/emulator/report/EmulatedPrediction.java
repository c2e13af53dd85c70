package mse.emulator.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What an emulated run predicts, the part of its summary.json after the run's header: the predicted and the
 * sequential time, the first master's breakdown, the latencies, every master's breakdown with its own queue
 * ("masters" in the header holds their number, which sweeps compare; the detail is here) and the ranks. The
 * sequential time and the speedup need tasks: a foreign program that reports none has neither (null, absent). The
 * critical path is null (absent) when the run was not analysed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EmulatedPrediction(double predictedSeconds, Double sequentialSeconds, Double speedup, Breakdown breakdown,
                                 Latency latency, List<RankBreakdown> perMaster, List<RankPlacement> ranks,
                                 CriticalPathSummary criticalPath) {

    public EmulatedPrediction(double predictedSeconds, Double sequentialSeconds, Double speedup, Breakdown breakdown,
                              Latency latency, List<RankBreakdown> perMaster, List<RankPlacement> ranks) {
        this(predictedSeconds, sequentialSeconds, speedup, breakdown, latency, perMaster, ranks, null);
    }

    public EmulatedPrediction {
        perMaster = List.copyOf(perMaster);
        ranks = List.copyOf(ranks);
    }
}
