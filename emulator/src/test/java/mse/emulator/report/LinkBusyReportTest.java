package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.kernel.RankAccount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The master's incoming link time in the breakdown, the report's table and chart, and its sentence. */
class LinkBusyReportTest {

    @TempDir
    Path tmp;

    private static ReportPoint point(int np, double seconds, double linkBusy) {
        return new ReportPoint("single / link", np, seconds, new ReportPoint.MasterBreakdown(0.01, 0.02, 0, seconds - 0.03, linkBusy), null);
    }

    @Test
    void breakdownCarriesTheIncomingLinkTime() {
        RankBreakdown b = RankBreakdown.of(new RankAccount(0, 1, 2, 3, 4, 10, true, 7_000_000));
        assertEquals(0.007, b.linkBusySeconds(), 1e-12);
    }

    @Test
    void theReportSaysTheLinkIsTheBottleneckFrom95Percent() throws Exception {
        List<ReportPoint> points = List.of(point(8, 1.0, 0.5), point(16, 1.0, 0.949), point(64, 1.0, 0.95));
        String sentence = ReportPage.linkBound(points);
        assertTrue(sentence.contains("P=64 (95%)"), sentence);
        assertFalse(sentence.contains("P=16"), sentence);
        assertTrue(sentence.contains("the master's link, not its CPU, is the bottleneck"), sentence);
        assertEquals("", ReportPage.linkBound(points.subList(0, 2)));

        Path page = ReportPage.write(tmp, new ReportPage.Content("t", "./run.sh predict", Map.of(), points, List.of()));
        String html = Files.readString(page);
        assertTrue(html.contains("the master's link, not its CPU, is the bottleneck"));
        assertTrue(html.contains("<th>link busy (s)</th>") && html.contains("<td>0.950000</td>"));
    }
}
