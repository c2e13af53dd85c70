package mse.mpi.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import mse.emulator.dynamic.MasterEvent;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.timeline.RankHosts;
import mse.emulator.timeline.TimelineRequest;
import mse.emulator.timeline.TimelineReader;
import mse.emulator.timeline.TimelineSetup;
import mse.emulator.timeline.TimelineWriter;
import mse.emulator.timeline.WrittenTimeline;
import mse.mpi.apps.Program;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.strategy.StrategySimulation;
import mse.mpi.apps.strategy.StrategySpec;
import mse.mpi.rank.TimelineFile;

/**
 * predict's timeline.json for one simulated point: the simulation once more with the timeline as its observer
 * (the simulation is deterministic, so it is the same run; the timed run of the predictor stays unobserved,
 * keeping seed 000's phase times honest); its OTF2 archive, where one is written, marks the run's critical path. The
 * target is simulated, so its ranks share one process. DY's
 * secondary masters, known from the timed run's events, are masters of the timeline from the start: their
 * events are kept in auto mode and their queues get counter tracks.
 */
public final class PredictedTimeline {

    private PredictedTimeline() {
    }

    /** Writes the point's timeline.json; `head` gets the file's first spans as soon as the writer has them ({@link TimelineWriter#head}). */
    public static Optional<WrittenTimeline> write(Path pointDir, TimelineRequest request, Program program, NetworkModel network, TargetCpu cpu,
                                           FarmMessageSizes sizes, long[] hostCosts, long[] masterCosts, PredictedSweep.Header inputs,
                                           List<MasterEvent> events, CompletableFuture<List<TimelineReader.Span>> head) throws IOException {
        StrategySpec strategy = program.strategy();
        Set<Integer> masters = new TreeSet<>(strategy.masters(network.processes()));
        events.forEach(e -> masters.add(e.master()));
        Optional<TimelineWriter> opened = TimelineSetup.in(pointDir, request).open(RankHosts.all("simulated target"), masters);
        if (opened.isEmpty()) {
            head.completeExceptionally(new IllegalStateException("no timeline is written in mode " + request.mode().spec()));
            return Optional.empty();
        }
        TimelineWriter timeline = opened.get();
        timeline.deriveCalls(); // the simulated program's sends and receives are its MPI calls
        timeline.head().whenComplete((spans, failed) -> {
            if (failed == null) {
                head.complete(spans);
            } else {
                head.completeExceptionally(failed instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : failed);
            }
        });
        try {
            StrategySimulation run = StrategySimulation.of(strategy, network, cpu, sizes, program.tasksInFlight(), hostCosts, masterCosts,
                    false, timeline, timeline.writesOtf2());
            if (run.run().bounds() != null) {
                timeline.markCriticalPath(run.run().bounds().criticalStretches()); // as an emulated run's archive marks it
            }
            return Optional.of(TimelineFile.finish(timeline, inputs.forPoint(strategy.name(), network.processes(),
                    run.run().predictedNanos() / 1e9), run.events()));
        } finally {
            timeline.discard(); // a no-op once finished
        }
    }
}
