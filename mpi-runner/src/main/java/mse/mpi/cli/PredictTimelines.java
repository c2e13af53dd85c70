package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.timeline.TimelineMode;
import mse.emulator.timeline.TimelineRequest;
import mse.emulator.timeline.TimelineReader;
import mse.emulator.timeline.TimelineSetup;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.experiment.PredictedPoint;
import mse.mpi.experiment.PredictedSweep;
import mse.mpi.experiment.PredictedTimeline;
import mse.mpi.experiment.SweepPlan;

/**
 * predict's timeline.json files: --timeline full writes every point's; auto only the best point's (least predicted
 * time, summary's best, whose Gantt chart the report then draws), each bounded in bytes (a sweep of large points
 * would otherwise write hundreds of megabytes), and says on stderr which it left out. Which points get one is known before they are written,
 * so the report can wait for them ({@link TimelineInBackground}).
 */
final class PredictTimelines {

    private final TimelineMode mode;
    private final TimelineRequest request;
    private final Path dir;
    private final List<SweepPlan.Configuration> plan;
    private final List<PredictedPoint> points;
    private final int best;
    /** The spans at the start of each timeline written, by file, done as soon as its writer has them. */
    private final Map<Path, CompletableFuture<List<TimelineReader.Span>>> heads = new HashMap<>();

    PredictTimelines(TimelineRequest request, Path dir, List<SweepPlan.Configuration> plan, List<PredictedPoint> points) {
        this.request = request;
        this.mode = request.mode();
        this.dir = dir;
        this.plan = plan;
        this.points = List.copyOf(points);
        int least = 0;
        for (int i = 1; i < points.size(); i++) {
            least = points.get(i).predictedSeconds() < points.get(least).predictedSeconds() ? i : least; // the first of equals, as BestPoint
        }
        this.best = least;
        for (int i = 0; i < plan.size(); i++) {
            if (writes(i)) {
                heads.put(file(i), new CompletableFuture<>());
            }
        }
    }

    /** The spans at the start of a timeline.json being written (the report's Gantt chart draws them while it is). */
    Future<List<TimelineReader.Span>> head(Path timeline) {
        return Objects.requireNonNull(heads.get(timeline), () -> "no timeline is written at " + timeline);
    }

    private Path file(int index) {
        return dir.resolve(plan.get(index).dirName()).resolve(TimelineSetup.FILE_NAME);
    }

    /** Whether the point at `index` of the plan gets a timeline.json. */
    boolean writes(int index) {
        return mode == TimelineMode.FULL || (mode == TimelineMode.AUTO && index == best);
    }

    /** Whether the point at `index` gets a timeline.json (format chrome or both), which the report links and draws. */
    boolean writesTimelineJson(int index) {
        return writes(index) && request.format().writesChrome();
    }

    /** Simulates each point that gets a timeline once more, observed, and writes it. */
    Void write(TargetProfile profile, TargetCpu cpu, FarmMessageSizes sizes, long[] hostCosts, long[] masterCosts,
               PredictedSweep.Header header) throws IOException {
        try {
            for (int i = 0; i < plan.size(); i++) {
                if (writes(i)) {
                    SweepPlan.Configuration c = plan.get(i);
                    PredictedTimeline.write(dir.resolve(c.dirName()), request, c.program(), NetworkModel.of(profile.network(), c.np()), cpu,
                            sizes, hostCosts, masterCosts, header, points.get(i).masterEvents(), heads.get(file(i)));
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            heads.values().forEach(head -> head.completeExceptionally(e)); // a report waiting for a head that never comes
            throw e;
        }
        if (mode == TimelineMode.AUTO && plan.size() > 1) {
            Path best = dir.resolve(plan.get(this.best).dirName());
            System.err.printf("mse: timeline: only the best point's (%s), %s; the other %d points' are left out (--timeline full writes "
                    + "every point's)%n", plan.get(this.best).dirName(),
                    request.format().writesChrome() ? best.resolve(TimelineSetup.FILE_NAME) : best.resolve(TimelineSetup.OTF2_DIRECTORY),
                    plan.size() - 1);
        }
        return null;
    }
}
