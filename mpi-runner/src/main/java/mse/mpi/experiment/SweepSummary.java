package mse.mpi.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.RunHeader;

/**
 * `sweep`'s summary.json: what its points share (from the first point's header), the strategies swept, the options
 * a resumed sweep must repeat (sameFor), every point as an emulated run's summary, and the best point. A foreign
 * program's sweep has no strategy, checksum or (without task reports) tasks, and its command line as `program`.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SweepSummary(String command, String app, String strategy, String profile, String profileSource, double cpuRatio,
                           String taskCost, String workload, Integer tasks, String checksum, List<String> strategies,
                           SweepIdentity sameFor, List<EmulationSummary> points, BestPoint best, List<String> program) {

    public SweepSummary {
        strategies = List.copyOf(strategies);
        points = List.copyOf(points);
    }

    /** The sweep so far (at least one point). */
    public static SweepSummary of(List<String> strategies, SweepIdentity identity, List<EmulationSummary> points) {
        RunHeader first = points.get(0).header();
        return new SweepSummary("sweep", first.app(), first.strategy(), first.profile(), first.profileSource(), first.cpuRatio(),
                first.taskCost(), first.workload(), first.tasks(), first.checksum(), strategies, identity, points, BestPoint.of(points),
                first.program());
    }
}
