package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Comparator;
import java.util.List;
import mse.emulator.report.SweepPoint;

/**
 * summary.json's best: the point with the least predicted time (the saturation point of one configuration); prefetch
 * only when the points have one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BestPoint(int np, String strategy, int masters, Integer prefetch, double predictedSeconds) {

    public static BestPoint of(List<? extends SweepPoint> points) {
        SweepPoint best = points.stream().min(Comparator.comparingDouble(SweepPoint::predictedSeconds)).orElseThrow();
        return new BestPoint(best.np(), best.strategy(), best.masters(), best.prefetch(), best.predictedSeconds());
    }
}
