package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.Charge;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.KernelFarmReplay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OTF2 archive of a farm run by the live kernel, written by mse-otf2 with libotf2 and read back with the reference
 * reader (otf2-print): the same ranks, spans and messages as timeline.json in full and in auto mode, proper order, the
 * predicted end, hosts as system tree nodes; format otf2 alone writes no timeline.json; a failed run leaves nothing.
 * An integration test: it runs the built writer (make -C otf2).
 */
class Otf2ArchiveIT {

    private static final int P = 5;

    private record Run(RunResult result, WrittenTimeline written) {}

    private static Run run(Path dir, TimelineMode mode, TimelineFormat format, int tasks, int window) throws IOException {
        return run(dir, mode, format, tasks, window, false);
    }

    private static Run run(Path dir, TimelineMode mode, TimelineFormat format, int tasks, int window, boolean deriveCalls) throws IOException {
        TimelineWriter writer = TimelineWriter.open(dir.resolve(TimelineSetup.FILE_NAME), mode, format, rank -> rank < 3 ? "node-a" : "node-b",
                List.of(0), window, window, TimelineWriter.WINDOW_BYTES);
        if (deriveCalls) {
            writer.deriveCalls();
        }
        SplittableRandom random = new SplittableRandom(tasks);
        long[] costs = random.longs(tasks, 1_000, 400_000).toArray();
        KernelFarmReplay replay = new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), P),
                new TargetCpu(1.0), FarmShape.uniform(12, 44), 1, costs, writer);
        RunResult result = replay.run();
        WrittenTimeline written = writer.finish(Map.of("np", P), List.of(new TimelineInstant(0, 1_500, "split", Map.of("tasksMoved", 3))));
        return new Run(result, written);
    }

    @Test
    void bothFormatsHoldTheSameRunInFullMode(@TempDir Path dir) throws Exception {
        Run run = run(dir, TimelineMode.FULL, TimelineFormat.BOTH, 60, TimelineWriter.WINDOW_ENTRIES);
        Path archive = run.written().otf2Archive();
        assertEquals(dir.resolve("otf2").resolve("traces.otf2"), archive);
        assertTrue(Files.isRegularFile(dir.resolve("otf2").resolve("traces.def")));
        Otf2Print read = Otf2Print.read(archive);
        read.matches(TraceFile.read(run.written().file()), run.result().predictedNanos());
        assertEquals(List.of("rank 0 (master)", "rank 1", "rank 2", "rank 3", "rank 4"), read.locations());
        Otf2Print.Event send = read.events().stream().filter(e -> e.kind().equals("MPI_SEND")).findFirst().orElseThrow();
        assertTrue(send.attributes().contains("Communicator: \"MPI_COMM_WORLD\""), send.toString());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("otf2", "timeline.json"), left.map(p -> p.getFileName().toString()).sorted().toList(), "nothing hidden left");
        }
    }

    /** A simulated run's calls are its sends and receives: an MPI_Send per send span, an MPI_Recv per receive. */
    @Test
    void aSimulatedRunShowsItsSendsAndReceivesAsCalls(@TempDir Path dir) throws Exception {
        Run run = run(dir, TimelineMode.FULL, TimelineFormat.BOTH, 60, TimelineWriter.WINDOW_ENTRIES, true);
        Otf2Print read = Otf2Print.read(run.written().otf2Archive());
        TraceFile timeline = TraceFile.read(run.written().file());
        read.matches(timeline, run.result().predictedNanos());
        assertEquals(Map.of("MPI_Recv", timeline.spans().stream().filter(s -> s.name().equals("recv")).count(),
                "MPI_Send", timeline.spans().stream().filter(s -> s.name().equals("send")).count()), read.callCounts());
    }

    @Test
    void autoModeKeepsTheSameWindowsInBoth(@TempDir Path dir) throws Exception {
        Run run = run(dir, TimelineMode.AUTO, TimelineFormat.BOTH, 400, 50);
        assertTrue(run.written().droppedEvents() > 0, "the run is longer than the windows");
        Otf2Print.read(run.written().otf2Archive()).matches(TraceFile.read(run.written().file()), run.result().predictedNanos());
    }

    @Test
    void formatOtf2WritesTheArchiveAlone(@TempDir Path dir) throws Exception {
        Run run = run(dir, TimelineMode.FULL, TimelineFormat.OTF2, 30, TimelineWriter.WINDOW_ENTRIES);
        assertNull(run.written().file());
        assertFalse(Files.exists(dir.resolve(TimelineSetup.FILE_NAME)));
        Otf2Print read = Otf2Print.read(run.written().otf2Archive());
        read.checkOrder();
        assertEquals(run.result().predictedNanos(), read.events().stream().mapToLong(Otf2Print.Event::time).max().orElseThrow());
    }

    @Test
    void aDiscardedRunLeavesNoArchive(@TempDir Path dir) throws IOException {
        TimelineWriter writer = TimelineWriter.open(dir.resolve(TimelineSetup.FILE_NAME), TimelineMode.FULL, TimelineFormat.BOTH,
                RankHosts.all("h"), List.of(0));
        writer.charged(Charge.compute(0, 0, 10, 1));
        writer.discard();
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
        assertThrows(IllegalStateException.class, () -> writer.finish(Map.of(), List.of()));
    }
}
