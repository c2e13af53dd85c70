package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.sim.FarmShape;
import mse.emulator.sim.FarmSimulator;
import mse.emulator.sim.SimulatedRun;
import mse.emulator.timeline.RankHosts;
import mse.emulator.timeline.TimelineMode;
import mse.emulator.timeline.TimelineSetup;
import mse.emulator.timeline.TimelineWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report shows a dash where a point has no breakdown (never zeros), and a Gantt chart of a timeline. */
class ReportPageTest {

    @Test
    void pointsWithoutBreakdownShowADashAndTheTimelineGetsAGanttChart(@TempDir Path dir) throws Exception {
        int np = 6;
        long[] costs = new SplittableRandom(3).longs(120, 10_000, 300_000).toArray();
        Path pointDir = dir.resolve("np-6");
        TimelineWriter timeline = TimelineSetup.in(pointDir, TimelineMode.FULL).open(RankHosts.all("h"), List.of(0)).orElseThrow();
        SimulatedRun run = new FarmSimulator(new LogGpsModel(ProfileLoader.load("mpich-fast-ethernet").network(), np),
                new TargetCpu(1.0), FarmShape.uniform(12, 44), 1, false).observedBy(timeline).run(costs);
        timeline.finish(Map.of(), List.of());
        List<ReportPoint> points = List.of(
                new ReportPoint("single / mpich", np, run.predictedNanos() / 1e9, ReportPoint.MasterBreakdown.of(run.masters().get(0)),
                        null, pointDir.resolve("timeline.json")),
                new ReportPoint("measured", np, 0.5, null, null));

        Path page = ReportPage.write(dir, new ReportPage.Content("t", "./run.sh x", Map.of(), points, List.of()));

        String html = Files.readString(page);
        Matcher measured = Pattern.compile("<tr><td class=\"key\">measured</td>(.*?)</tr>").matcher(html);
        assertTrue(measured.find());
        assertTrue(measured.group(1).contains("\u2013"), measured.group(1));
        assertFalse(measured.group(1).contains("0.000000"), "no invented zeros: " + measured.group(1));
        assertTrue(html.contains("id=\"timeline\""));
        assertTrue(html.contains("np-6/timeline.json") && html.contains("ui.perfetto.dev"));
        assertTrue(Files.size(dir.resolve("charts/timeline.png")) > 0);
    }
}
