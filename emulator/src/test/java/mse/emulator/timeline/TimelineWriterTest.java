package mse.emulator.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.kernel.RankAccount;
import mse.emulator.kernel.RunResult;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.KernelFarmReplay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * timeline.json of a farm run by the live kernel: its Chrome trace structure, spans that never overlap on a
 * rank and add up to every rank's breakdown, one flow per message, the master's queue counter, names and
 * metadata; auto mode's windows; and no file at all for a discarded run.
 */
class TimelineWriterTest {

    private static final int P = 5;
    private static final FarmShape SHAPE = FarmShape.uniform(12, 44);

    private static long[] costs(int tasks) {
        SplittableRandom random = new SplittableRandom(tasks);
        long[] costs = new long[tasks];
        for (int t = 0; t < tasks; t++) {
            costs[t] = random.nextLong(1_000, 400_000);
        }
        return costs;
    }

    private record Run(RunResult result, long messages, WrittenTimeline written, TraceFile trace) {}

    private static Run run(Path dir, TimelineMode mode, int tasks, int window) throws IOException {
        return run(dir, mode, tasks, window, TimelineWriter.WINDOW_ENTRIES);
    }

    private static Run run(Path dir, TimelineMode mode, int tasks, int window, int masterWindow) throws IOException {
        TimelineWriter writer = TimelineWriter.open(dir.resolve("timeline.json"), mode, RankHosts.all("test-host"), List.of(0),
                window, masterWindow);
        KernelFarmReplay replay = new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), P),
                new TargetCpu(1.0), SHAPE, 1, costs(tasks), writer);
        RunResult result = replay.run();
        WrittenTimeline written = writer.finish(Map.of("np", P, "profile", "mpich-fast-ethernet"),
                List.of(new TimelineInstant(0, 1_500, "split", Map.of("tasksMoved", 3))));
        return new Run(result, replay.messages(), written, TraceFile.read(written.file()));
    }

    @Test
    void fullTimelineIsAChromeTraceWhoseSpansAddUpToTheBreakdown(@TempDir Path dir) throws IOException {
        Run run = run(dir, TimelineMode.FULL, 60, TimelineWriter.WINDOW_ENTRIES);
        TraceFile trace = run.trace();

        assertEquals("ns", trace.root().get("displayTimeUnit"));
        assertEquals(P, trace.metadata().get("np"));
        assertEquals("full", ((Map<?, ?>) trace.metadata().get("timeline")).get("mode"));
        assertEquals(run.written().events(), trace.events().stream().filter(e -> !"M".equals(e.get("ph"))).count());
        assertEquals(0, run.written().droppedEvents());
        assertFalse(Files.exists(dir.resolve(".timeline.json.partial")));

        List<TraceFile.Span> spans = trace.spans();
        for (TraceFile.Span s : spans) {
            assertTrue(Set.of("compute", "send", "recv").contains(s.name()), s.toString());
            assertTrue(s.endNanos() > s.startNanos(), s.toString());
            assertEquals(1, s.pid(), "one host, one process");
        }
        for (int i = 1; i < spans.size(); i++) {
            if (spans.get(i).rank() == spans.get(i - 1).rank()) {
                assertTrue(spans.get(i - 1).endNanos() <= spans.get(i).startNanos(), "overlap: " + spans.get(i - 1) + " " + spans.get(i));
            }
        }
        for (RankAccount account : run.result().ranks()) {
            assertEquals(account.sendNanos(), total(spans, account.rank(), "send"), "send of rank " + account.rank());
            assertEquals(account.receiveNanos(), total(spans, account.rank(), "recv"), "recv of rank " + account.rank());
            assertEquals(account.computeNanos(), total(spans, account.rank(), "compute"), "compute of rank " + account.rank());
        }
        assertTrue(total(spans, 0, "send") > 0 && total(spans, 0, "recv") > 0, "the master sends and receives");

        assertFlowsBindToTheirSpans(trace, spans, run.messages());
        assertQueueCounterReturnsToZero(trace);
        assertNamed(trace);
        Map<String, Object> split = trace.phase("i").get(0);
        assertEquals("split", split.get("name"));
        assertEquals(1_500L, TraceFile.nanos(split.get("ts")));
    }

    @Test
    void autoModeKeepsEveryMasterEventAndTheFirstAndLastSlaveWindows(@TempDir Path dir) throws IOException {
        Run full = run(dir.resolve("full"), TimelineMode.FULL, 400, TimelineWriter.WINDOW_ENTRIES);
        Run auto = run(dir.resolve("auto"), TimelineMode.AUTO, 400, 50);

        assertTrue(auto.written().droppedEvents() > 0);
        Map<?, ?> description = (Map<?, ?>) auto.trace().metadata().get("timeline");
        assertEquals(auto.written().droppedEvents(), ((Number) description.get("droppedEvents")).longValue());
        assertTrue(String.valueOf(description.get("kept")).contains("every master event"));
        assertTrue(auto.written().note().contains("--timeline full"));
        assertEquals(full.written().events(), auto.written().events() + auto.written().droppedEvents());

        List<TraceFile.Span> fullSpans = full.trace().spans();
        List<TraceFile.Span> autoSpans = auto.trace().spans();
        assertEquals(fullSpans.stream().filter(s -> s.rank() == 0).toList(), autoSpans.stream().filter(s -> s.rank() == 0).toList());
        RankAccount master = auto.result().ranks().get(0);
        assertEquals(master.sendNanos(), total(autoSpans, 0, "send"));
        assertEquals(master.receiveNanos(), total(autoSpans, 0, "recv"));
        List<TraceFile.Span> slaves = autoSpans.stream().filter(s -> s.rank() != 0).toList();
        List<TraceFile.Span> allSlaves = fullSpans.stream().filter(s -> s.rank() != 0).toList();
        assertTrue(allSlaves.containsAll(slaves));
        assertTrue(slaves.size() < allSlaves.size());
        assertEquals(allSlaves.stream().mapToLong(TraceFile.Span::startNanos).min(), slaves.stream().mapToLong(TraceFile.Span::startNanos).min());
        assertEquals(allSlaves.stream().mapToLong(TraceFile.Span::endNanos).max(), slaves.stream().mapToLong(TraceFile.Span::endNanos).max());
    }

    @Test
    void autoModeBoundsTheMastersEventsTooInAVeryLongRun(@TempDir Path dir) throws IOException {
        Run full = run(dir.resolve("full"), TimelineMode.FULL, 400, TimelineWriter.WINDOW_ENTRIES);
        Run auto = run(dir.resolve("auto"), TimelineMode.AUTO, 400, 50, 60);

        assertEquals(full.written().events(), auto.written().events() + auto.written().droppedEvents());
        // At most four windows of entries, each at most two events (a flow), plus the instant.
        assertTrue(auto.written().events() <= 2 * (2 * 50 + 2 * 60) + 1, auto.written().toString());
        Map<?, ?> description = (Map<?, ?>) auto.trace().metadata().get("timeline");
        // the windows are bounded by bytes too, and "kept" names both bounds
        assertTrue(String.valueOf(description.get("kept")).contains("the first and last 60 entries"), description.toString());
        List<TraceFile.Span> fullMaster = full.trace().spans().stream().filter(s -> s.rank() == 0).toList();
        List<TraceFile.Span> autoMaster = auto.trace().spans().stream().filter(s -> s.rank() == 0).toList();
        assertTrue(autoMaster.size() < fullMaster.size());
        assertTrue(fullMaster.containsAll(autoMaster));
        assertEquals(fullMaster.get(0), autoMaster.get(0), "the master's first span is kept");
        assertEquals(fullMaster.get(fullMaster.size() - 1), autoMaster.get(autoMaster.size() - 1), "and its last");
        assertEquals("split", auto.trace().phase("i").get(0).get("name"), "instants are always kept");
    }

    @Test
    void autoModeBoundsTheFileByBytesWhateverTheEntriesAllow(@TempDir Path dir) throws IOException {
        long windowBytes = 6_000;
        TimelineWriter writer = TimelineWriter.open(dir.resolve("timeline.json"), TimelineMode.AUTO, RankHosts.all("test-host"),
                List.of(0), 100_000, 100_000, windowBytes);
        KernelFarmReplay replay = new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), P),
                new TargetCpu(1.0), SHAPE, 1, costs(400), writer);
        replay.run();
        WrittenTimeline written = writer.finish(Map.of("np", P), List.of(new TimelineInstant(0, 1_500, "split", Map.of())));
        Run full = run(dir.resolve("full"), TimelineMode.FULL, 400, TimelineWriter.WINDOW_ENTRIES);

        assertTrue(written.droppedEvents() > 0, "the byte bound cut what the entry bound allowed");
        assertEquals(full.written().events(), written.events() + written.droppedEvents());
        long names = Files.size(full.written().file()) / 100; // names and metadata: small beside the windows
        assertTrue(Files.size(written.file()) <= 4 * windowBytes + names, Files.size(written.file()) + " bytes");
        assertTrue(Files.size(written.file()) > 2 * windowBytes, "the windows are filled, not left small: " + Files.size(written.file()));
        Map<?, ?> description = (Map<?, ?>) TraceFile.read(written.file()).metadata().get("timeline");
        assertEquals(TimelineWriter.AUTO_LIMIT_BYTES, ((Number) description.get("limitBytes")).longValue());
    }

    /**
     * The head a report draws while the file is written is what the reader gets from the file's start: in full mode
     * (streamed), in auto mode with windows far larger and far smaller than the head, and in a file shorter than it.
     */
    @Test
    void theHeadIsTheSpansAtTheStartOfTheFile(@TempDir Path dir) throws Exception {
        int[][] cases = {{8_000, TimelineWriter.WINDOW_ENTRIES}, {8_000, 3_000}, {300, TimelineWriter.WINDOW_ENTRIES}, {300, 40}};
        int longer = 0;
        for (TimelineMode mode : List.of(TimelineMode.FULL, TimelineMode.AUTO)) {
            for (int[] c : cases) {
                Path file = dir.resolve(mode.spec() + "-" + c[0] + "-" + c[1]).resolve("timeline.json");
                TimelineWriter writer = TimelineWriter.open(file, mode, RankHosts.all("h"), List.of(0), c[1], c[1]);
                new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), P), new TargetCpu(1.0),
                        SHAPE, 1, costs(c[0]), writer).run();
                WrittenTimeline written = writer.finish(Map.of("np", P), List.of(new TimelineInstant(0, 1_500, "split", Map.of("n", 1))));
                List<TimelineReader.Span> head = writer.head().get();
                assertEquals(TimelineReader.spans(file, TimelineWriter.HEAD_EVENTS), head, file.toString());
                longer += written.events() > TimelineWriter.HEAD_EVENTS ? 1 : 0;
            }
        }
        assertEquals(3, longer, "full mode (whatever its windows) and auto mode with large windows write more than the head");
    }

    @Test
    void aDiscardedTimelineLeavesNoFile(@TempDir Path dir) throws IOException {
        TimelineWriter writer = TimelineWriter.open(dir.resolve("timeline.json"), TimelineMode.FULL, RankHosts.all("h"), List.of(0));
        new KernelFarmReplay(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), P), new TargetCpu(1.0),
                SHAPE, 1, costs(10), writer).run();
        writer.discard();
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.toList());
        }
        assertTrue(writer.head().isDone(), "a report waiting for its head is told");
        assertThrows(java.util.concurrent.ExecutionException.class, () -> writer.head().get());
    }

    private static long total(List<TraceFile.Span> spans, int rank, String name) {
        return spans.stream().filter(s -> s.rank() == rank && s.name().equals(name)).mapToLong(s -> s.endNanos() - s.startNanos()).sum();
    }

    /** One s and one f per message, same id; s inside a send span of its rank, f inside a recv span of its rank. */
    private static void assertFlowsBindToTheirSpans(TraceFile trace, List<TraceFile.Span> spans, long messages) {
        List<Map<String, Object>> starts = trace.phase("s");
        List<Map<String, Object>> ends = trace.phase("f");
        assertEquals(messages, starts.size());
        assertEquals(ids(starts), ids(ends));
        assertEquals(messages, ids(starts).size());
        for (Map<String, Object> s : starts) {
            assertTrue(inside(spans, s, "send"), "flow start outside a send: " + s);
        }
        for (Map<String, Object> f : ends) {
            assertEquals("e", f.get("bp"));
            assertTrue(inside(spans, f, "recv"), "flow end outside a recv: " + f);
        }
    }

    private static Set<Object> ids(List<Map<String, Object>> events) {
        return events.stream().map(e -> e.get("id")).collect(Collectors.toSet());
    }

    private static boolean inside(List<TraceFile.Span> spans, Map<String, Object> event, String name) {
        int rank = TraceFile.integer(event.get("tid"));
        long t = TraceFile.nanos(event.get("ts"));
        return spans.stream().anyMatch(s -> s.rank() == rank && s.name().equals(name) && s.startNanos() <= t && t < s.endNanos());
    }

    private static void assertQueueCounterReturnsToZero(TraceFile trace) {
        List<Map<String, Object>> counters = trace.phase("C");
        assertFalse(counters.isEmpty(), "the master's queue never held a message");
        long previous = Long.MIN_VALUE;
        long last = -1;
        for (Map<String, Object> c : counters) {
            assertEquals("rank 0 queue", c.get("name"));
            long t = TraceFile.nanos(c.get("ts"));
            assertTrue(t >= previous, "counter steps in time order");
            previous = t;
            last = ((Number) ((Map<?, ?>) c.get("args")).get("messages")).longValue();
            assertTrue(last >= 0 && last < P, "at most one result per slave waits");
        }
        assertEquals(0, last);
    }

    private static void assertNamed(TraceFile trace) {
        List<Map<String, Object>> names = trace.phase("M");
        assertTrue(names.stream().anyMatch(m -> "process_name".equals(m.get("name")) && "test-host".equals(((Map<?, ?>) m.get("args")).get("name"))));
        Set<Object> threads = names.stream().filter(m -> "thread_name".equals(m.get("name")))
                .map(m -> ((Map<?, ?>) m.get("args")).get("name")).collect(Collectors.toSet());
        assertEquals(Set.of("rank 0 (master)", "rank 1", "rank 2", "rank 3", "rank 4"), threads);
    }
}
