package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import mse.emulator.timeline.Otf2Print;
import mse.emulator.timeline.TraceFile;
import mse.mpi.JsonFile;
import mse.mpi.bench.Otf2Benchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --timeline-format both: an emulated foreign C farm, an emulated MASE run (mpirun) and a predict sweep's best point
 * each write otf2/traces.otf2 beside timeline.json, which the reference reader (otf2-print) opens and which matches
 * timeline.json: a location per rank, its spans, MPI calls and messages, proper order, the last event at predictedSeconds,
 * the critical path marked (emulated runs, SI and DY predicted points); the ranks' reports of their calls change no
 * prediction; bench otf2 reports the archive's cost.
 */
class Otf2TimelineIT {

    @TempDir
    Path tmp;

    @Test
    void anEmulatedForeignFarmWritesAnArchiveThatMatchesItsTimeline() throws Exception {
        Path out = tmp.resolve("foreign");
        String program = Path.of(System.getProperty("mse.project.root"), "examples/c/build/task-done-farm").toString();
        run("emulate", "--np", "4", "--quiet", "--timeline", "full", "--timeline-format", "both", "--out", out.toString(), "--", program,
                "12", "1000");
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        Otf2Print archive = matches(out, summary);
        assertEquals(4, archive.locations().size());
        criticalPathMarked(archive, summary);
        Map<String, Long> calls = archive.callCounts();
        assertEquals(4L, calls.get("MPI_Finalize"), "every rank enters MPI_Finalize: " + calls);
        assertTrue(calls.get("MPI_Send") > 0 && calls.get("MPI_Recv") > 0, "the farm's sends and receives: " + calls);
    }

    /** The interposition library reports its calls only for an OTF2 timeline, and they move no virtual nanosecond. */
    @Test
    void reportingCallsChangesNoPrediction() throws Exception {
        String program = Path.of(System.getProperty("mse.project.root"), "examples/c/build/task-done-farm").toString();
        double[] predicted = new double[2];
        List<String> formats = List.of("chrome", "otf2");
        for (int i = 0; i < 2; i++) {
            Path out = tmp.resolve("foreign-" + formats.get(i));
            run("emulate", "--np", "4", "--quiet", "--task-cost", "fixed:1ms", "--timeline", "full", "--timeline-format", formats.get(i),
                    "--out", out.toString(), "--", program, "12", "1000");
            predicted[i] = seconds(JsonFile.read(out.resolve("summary.json")));
        }
        assertEquals(predicted[0], predicted[1], "the same double with and without the calls");
        double[] mase = new double[2];
        for (int i = 0; i < 2; i++) {
            Path out = tmp.resolve("mase-" + formats.get(i));
            run("emulate", "--np", "3", "--image", "32x24", "--max-iter", "200", "--task-points", "8", "--task-cost", "per-iteration:10ns",
                    "--quiet", "--timeline-format", formats.get(i), "--out", out.toString(), "--timeout", "300");
            mase[i] = seconds(JsonFile.read(out.resolve("summary.json")));
        }
        assertEquals(mase[0], mase[1], "the same double with and without the calls");
    }

    /**
     * A run's archive (emulated or predicted) marks its critical path: stretches in time order, one after another, the last ending at
     * the predicted end on the rank summary.json's criticalPath names (its nesting among the spans checked by matches).
     */
    @SuppressWarnings("unchecked")
    private static void criticalPathMarked(Otf2Print archive, Map<String, Object> summary) {
        List<Otf2Print.Event> enters = archive.criticalPath();
        assertFalse(enters.isEmpty(), "the critical path is marked");
        List<Otf2Print.Event> leaves = archive.events().stream()
                .filter(e -> e.kind().equals("LEAVE") && "critical path".equals(e.region())).toList();
        assertEquals(enters.size(), leaves.size());
        Otf2Print.Event last = leaves.stream().max(Comparator.comparingLong(Otf2Print.Event::time)).orElseThrow();
        assertEquals(Math.round(seconds(summary) * 1e9), last.time(), "the path ends at the predicted end");
        assertEquals(((Number) ((Map<String, Object>) summary.get("criticalPath")).get("endRank")).intValue(), last.location());
    }

    @Test
    void anEmulatedMaseRunWritesAnArchiveThatMatchesItsTimeline() throws Exception {
        Path out = tmp.resolve("mase");
        run("emulate", "--np", "3", "--image", "32x24", "--max-iter", "200", "--task-points", "8", "--quiet", "--timeline-format", "both",
                "--out", out.toString(), "--timeout", "300");
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        Otf2Print archive = matches(out, summary);
        criticalPathMarked(archive, summary);
        Map<String, Long> calls = archive.callCounts();
        assertEquals(3L, calls.get("MPI_Finalize"), "every rank enters MPI_Finalize: " + calls);
        assertTrue(calls.containsKey("MPI_Recv") && calls.containsKey("MPI_Send"), "the Comm's sends and receives: " + calls);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPredictSweepWritesTheBestPointsArchive() throws Exception {
        Path out = tmp.resolve("predict");
        run("predict", "--np", "5,8", "--image", "48x32", "--max-iter", "200", "--task-points", "8", "--sample", "all", "--task-cost",
                "per-iteration:10ns", "--quiet", "--timeline-format", "both", "--out", out.toString());
        List<Map<String, Object>> points = (List<Map<String, Object>>) JsonFile.read(out.resolve("summary.json")).get("points");
        Map<String, Object> best = points.stream().min(Comparator.comparingDouble(p -> seconds(p))).orElseThrow();
        for (Map<String, Object> point : points) {
            Path dir = out.resolve("np-" + point.get("np")); // one strategy: the points are named by P alone
            if (point == best) {
                Otf2Print archive = matches(dir, point);
                criticalPathMarked(archive, point);
                Map<String, Long> calls = archive.callCounts();
                assertTrue(calls.get("MPI_Send") > 0 && calls.get("MPI_Recv") > 0, "the simulated sends and receives: " + calls);
            } else {
                assertFalse(Files.exists(dir.resolve("otf2")), "auto writes the best point's archive only: " + dir);
            }
        }
    }

    /** DY's simulated point (its own event loop) marks its critical path as SI's does. */
    @Test
    void aPredictedDynamicPointsArchiveMarksItsCriticalPath() throws Exception {
        Path out = tmp.resolve("predict-dynamic");
        run("predict", "--np", "6", "--strategy", "dynamic", "--split-wait", "1us", "--split-window", "2", "--image", "48x32", "--max-iter",
                "200", "--task-points", "8", "--sample", "all", "--task-cost", "per-iteration:10ns", "--quiet", "--timeline-format", "both",
                "--out", out.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> point = ((List<Map<String, Object>>) JsonFile.read(out.resolve("summary.json")).get("points")).get(0);
        criticalPathMarked(matches(out.resolve("np-6"), point), point);
    }

    @Test
    void benchOtf2ReportsTheWritersCost() throws Exception {
        List<String> lines = Otf2Benchmark.measure(1, tmp.resolve("bench"), args -> Mse.commandLine().execute(args));
        List<String> figures = lines.stream().filter(line -> line.contains(": ")).toList();
        List<String> names = figures.stream().map(line -> line.substring(0, line.indexOf(':'))).toList();
        assertEquals(List.of("otf2-chrome-wall-seconds", "otf2-both-wall-seconds", "otf2-writer-seconds", "otf2-timeline-json-bytes",
                "otf2-archive-bytes", "otf2-emulate-chrome-wall-seconds", "otf2-emulate-both-wall-seconds", "otf2-emulate-calls-and-writer-seconds",
                "otf2-emulate-timeline-json-bytes", "otf2-emulate-archive-bytes"), names, String.join("\n", lines));
        for (String archive : List.of(figures.get(4), figures.get(9))) {
            assertTrue(Long.parseLong(archive.substring(archive.indexOf(':') + 2)) > 0, archive);
        }
    }

    private static void run(String... args) {
        assertEquals(0, Mse.commandLine().execute(args), String.join(" ", args));
    }

    private static double seconds(Map<String, Object> point) {
        return ((Number) point.get("predictedSeconds")).doubleValue();
    }

    /** The archive in `dir` read back and checked against dir's timeline.json and the point's predictedSeconds. */
    private static Otf2Print matches(Path dir, Map<String, Object> point) throws Exception {
        Path archive = dir.resolve("otf2").resolve("traces.otf2");
        assertTrue(Files.isRegularFile(archive), archive + " written");
        Otf2Print read = Otf2Print.read(archive);
        read.matches(TraceFile.read(dir.resolve("timeline.json")), Math.round(seconds(point) * 1e9));
        return read;
    }
}
