package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RankAccount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's "What bounds the run": the critical path's sentence and parts, the master's and the others' wait states. */
class BoundsReportTest {

    @TempDir
    Path tmp;

    private static EmulatedPrediction prediction(CriticalPathSummary path) {
        RankBreakdown master = RankBreakdown.of(new RankAccount(1, 0, 0, 0, 0, 10, true, 0));
        List<RankPlacement> ranks = List.of(
                new RankPlacement(0, "localhost", "local-socket", 0, new WaitStates(0.5, 0, 0.25, 0)),
                new RankPlacement(1, "localhost", "local-socket", 0, new WaitStates(0.125, 0, 0, 0.75)),
                new RankPlacement(2, "localhost", "local-socket", 0, new WaitStates(1.5, 0.5, 0.25, 0)));
        return new EmulatedPrediction(1.0, null, null, new Breakdown(master), null, List.of(master), ranks, path);
    }

    @Test
    void theMastersWaitStatesApartAndTheOthersAddedUp() {
        WaitReport waits = WaitReport.of(prediction(new CriticalPathSummary(0.25, 0.5, 0.125, 0.125, 1,
                "the master's receive overhead: 40% of the critical path")));
        assertEquals(new WaitStates(0.125, 0, 0, 0.75), waits.master());
        assertEquals(new WaitStates(2.0, 0.5, 0.5, 0), waits.others());
        assertNull(WaitReport.of(prediction(null)), "a run from before the analysis has none");
    }

    @Test
    void thePageSaysWhatBoundsTheRunNextToTheBreakdown() throws Exception {
        WaitReport waits = WaitReport.of(prediction(new CriticalPathSummary(0.25, 0.5, 0.125, 0.125, 1,
                "the master's receive overhead: 40% of the critical path")));
        ReportPoint point = new ReportPoint("single / p", 3, 1.0, new ReportPoint.MasterBreakdown(0.1, 0.4, 0, 0.5, 0), null,
                null, waits);
        String html = Files.readString(ReportPage.write(tmp, new ReportPage.Content("t", "./run.sh emulate", Map.of(),
                List.of(point), List.of())));
        assertTrue(html.contains("<h2>What bounds the run</h2>"), html);
        assertTrue(html.contains("the master&#39;s receive overhead: 40% of the critical path")
                || html.contains("the master's receive overhead: 40% of the critical path"), html);
        assertTrue(html.indexOf("id=\"points\"") < html.indexOf("id=\"bounds\""), "right after the breakdown's table");
        assertTrue(html.contains("<td>0.750000</td>"), "the master's queue wait");

        String without = Files.readString(ReportPage.write(tmp, new ReportPage.Content("t", "./run.sh predict", Map.of(),
                List.of(new ReportPoint("single / p", 3, 1.0, point.master(), null)), List.of())));
        assertFalse(without.contains("What bounds the run"), "no section for points not analysed");
    }
}
