package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.KernelFarmReplay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TimelineReader, which reads a trace token by token, against the whole-tree reading of the same file
 * (TraceFile): the same spans to the nanosecond, only the first events when asked, and one clear error for a
 * complete event it cannot use.
 */
class TimelineReaderTest {

    private static Path farmTimeline(Path dir) throws IOException {
        TimelineWriter writer = TimelineWriter.open(dir.resolve("timeline.json"), TimelineMode.FULL, RankHosts.all("test-host"),
                List.of(0));
        long[] costs = new long[40];
        for (int t = 0; t < costs.length; t++) {
            costs[t] = 1_000 + 7_919L * t % 300_001; // odd nanoseconds: ts and dur carry three decimals
        }
        new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), 4), new TargetCpu(1.0),
                FarmShape.uniform(12, 44), 1, costs, writer).run();
        return writer.finish(Map.of("np", 4), List.of()).file();
    }

    @Test
    void readsTheSpansTheWholeTreeHolds(@TempDir Path dir) throws IOException {
        Path file = farmTimeline(dir);
        Comparator<TimelineReader.Span> order = Comparator.comparingInt(TimelineReader.Span::rank)
                .thenComparingLong(TimelineReader.Span::startNanos);
        List<TimelineReader.Span> read = TimelineReader.spans(file, Long.MAX_VALUE).stream().sorted(order).toList();
        List<TimelineReader.Span> whole = TraceFile.read(file).spans().stream()
                .map(s -> new TimelineReader.Span(s.rank(), s.name(), s.startNanos(), s.endNanos())).toList();

        assertTrue(whole.size() > 100, "a farm of 40 tasks on 4 ranks: " + whole.size());
        assertEquals(whole, read);
    }

    @Test
    void readsOnlyTheFirstEventsWhenAsked(@TempDir Path dir) throws IOException {
        Path file = farmTimeline(dir);
        List<Map<String, Object>> first = TraceFile.read(file).events().subList(0, 30);
        long completeAmongThem = first.stream().filter(e -> "X".equals(e.get("ph"))).count();

        assertEquals(completeAmongThem, TimelineReader.spans(file, 30).size());
    }

    @Test
    void aCompleteEventWithoutItsDurationIsNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("timeline.json");
        Files.writeString(file, "{\"traceEvents\":[{\"ph\":\"M\",\"name\":\"thread_name\",\"tid\":0,\"args\":{\"name\":\"rank 0\"}},"
                + "{\"ph\":\"X\",\"name\":\"compute\",\"tid\":0,\"ts\":1.5,\"args\":{}}]}");

        IOException e = assertThrows(IOException.class, () -> TimelineReader.spans(file, Long.MAX_VALUE));
        assertTrue(e.getMessage().startsWith(file + ": a complete event (ph X) without"), e.getMessage());
    }
}
