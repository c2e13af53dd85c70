package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.timeline.TimelineReader;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * predict with --timeline full writes a timeline.json per simulated point (SI and DY) whose master spans add up to the
 * point's breakdown, with DY's splits as instants; auto (the default) only the best point's, saying so on stderr
 *; --timeline off writes none.
 */
class PredictTimelineTest {

    @TempDir
    Path tmp;

    private Map<String, Object> predict(Path out, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("predict", "--np", "5,8", "--image", "48x32", "--max-iter", "200",
                "--task-points", "8", "--sample", "all", "--task-cost", "per-iteration:10ns", "--quiet", "--out", out.toString(),
                "--strategy", "single,dynamic", "--split-wait", "1us", "--split-window", "2", "--max-depth", "1"));
        args.addAll(List.of(extra));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)));
        return JsonFile.read(out.resolve("summary.json"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void everySimulatedPointHasATimelineThatAddsUpToItsBreakdown() throws Exception {
        Path out = tmp.resolve("on");
        Map<String, Object> summary = predict(out, "--timeline", "full"); // auto writes the best point's only
        for (Map<String, Object> point : (List<Map<String, Object>>) summary.get("points")) {
            Path file = out.resolve(point.get("strategy") + "-np-" + point.get("np")).resolve("timeline.json");
            List<TimelineReader.Span> master = TimelineReader.spans(file, Long.MAX_VALUE).stream().filter(s -> s.rank() == 0).toList();
            Map<String, Object> breakdown = (Map<String, Object>) ((Map<String, Object>) point.get("breakdown")).get("master");
            assertEquals(((Number) breakdown.get("sendSeconds")).doubleValue(), total(master, "send") / 1e9, file.toString());
            assertEquals(((Number) breakdown.get("recvSeconds")).doubleValue(), total(master, "recv") / 1e9, file.toString());
            assertEquals(((Number) breakdown.get("computeSeconds")).doubleValue(), total(master, "compute") / 1e9, file.toString());
            String text = Files.readString(file);
            if ("dynamic".equals(point.get("strategy"))) {
                int splits = ((Number) point.get("splits")).intValue();
                assertTrue(splits > 0, "the test's DY settings split");
                assertEquals(splits, text.split("\"name\":\"split\"", -1).length - 1, "one instant per split");
                for (Object event : (List<?>) point.get("masterEvents")) {
                    Object secondary = ((Map<?, ?>) event).get("master");
                    assertTrue(text.contains("\"rank " + secondary + " (master)\""), "secondary master " + secondary + " is named a master");
                }
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void autoWritesTheBestPointsTimelineOnlyAndSaysSo() throws Exception {
        Path out = tmp.resolve("auto");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        Map<String, Object> summary;
        try {
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            summary = predict(out);
        } finally {
            System.setErr(stderr);
        }
        Map<String, Object> best = (Map<String, Object>) summary.get("best");
        String bestDir = best.get("strategy") + "-np-" + best.get("np");
        List<Map<String, Object>> points = (List<Map<String, Object>>) summary.get("points");
        for (Map<String, Object> point : points) {
            String dir = point.get("strategy") + "-np-" + point.get("np");
            assertEquals(dir.equals(bestDir), Files.isRegularFile(out.resolve(dir).resolve("timeline.json")), dir);
        }
        String said = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(said.contains("only the best point's (" + bestDir + ")") && said.contains("the other " + (points.size() - 1)
                + " points' are left out (--timeline full"), said);
    }

    @Test
    void timelineOffWritesNone() throws Exception {
        Path out = tmp.resolve("off");
        predict(out, "--timeline", "off");
        try (var files = Files.walk(out)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().contains("timeline")));
        }
    }

    private static long total(List<TimelineReader.Span> spans, String name) {
        return spans.stream().filter(s -> s.name().equals(name)).mapToLong(s -> s.endNanos() - s.startNanos()).sum();
    }
}
