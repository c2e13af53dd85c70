package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** The summary.json of `predict`: its inputs, the same points[] and best as `sweep` (from simulated runs), the predictor. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PredictedSweep(@JsonUnwrapped Header header, List<PredictedPoint> points, BestPoint best, Predictor predictor) {

    public PredictedSweep {
        points = List.copyOf(points);
    }

    public static PredictedSweep of(Header header, List<PredictedPoint> points, Predictor predictor) {
        return new PredictedSweep(header, points, BestPoint.of(points), predictor);
    }

    /** What a prediction was asked: its first keys, and its timelines' metadata. */
    public record Header(String command, String app, String strategy, List<String> strategies, String profile, String profileSource,
                         double cpuRatio, String taskCost, String workload, int tasks, String predictedBy) {

        public Header {
            strategies = List.copyOf(strategies);
        }

        /** The same inputs for one point's timeline: its strategy, P and prediction. */
        public PointInputs forPoint(String pointStrategy, int np, double predictedSeconds) {
            return new PointInputs(new Header(command, app, pointStrategy, strategies, profile, profileSource, cpuRatio, taskCost,
                    workload, tasks, predictedBy), np, predictedSeconds);
        }
    }

    /** A predicted point's timeline metadata. */
    public record PointInputs(@JsonUnwrapped Header header, int np, double predictedSeconds) {}
}
