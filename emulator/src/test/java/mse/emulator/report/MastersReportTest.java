package mse.emulator.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's "Each master": every master of a run with several, its breakdown and its own queue. */
class MastersReportTest {

    @TempDir
    Path tmp;

    private static RankBreakdown master(int rank, double idle, double queueP99) {
        return new RankBreakdown(rank, 0.1, 0.2, 0.0, idle, 0.3 / (0.3 + idle), 0.01,
                new Percentiles(150.0, 160.0, 310.0, 320.0, 28), new Percentiles(0.0, 1.0, queueP99, queueP99, 28));
    }

    @Test
    void aRunWithTwoMastersShowsEachOnItsOwnRow() throws Exception {
        ReportPoint two = new ReportPoint("comm-farm split", 4, 0.05, new ReportPoint.MasterBreakdown(0.1, 0.2, 0, 0.4, 0.01),
                null, null, null, List.of(master(0, 0.4, 12.5), master(2, 0.2, 97.25)));
        String html = Files.readString(ReportPage.write(tmp, new ReportPage.Content("t", "./run.sh emulate --master-ranks 0,2",
                Map.of(), List.of(two), List.of())));
        assertTrue(html.contains("<h2>Each master</h2>"), html);
        assertTrue(html.contains("<td>2</td><td>0.100000</td><td>0.200000</td><td>0.000000</td><td>0.200000</td><td>60.0%</td>"),
                html);
        assertTrue(html.contains("<td>97.3</td></tr>") || html.contains("<td>97.2</td></tr>"), "master 2's queue wait p99");
        assertTrue(html.indexOf("id=\"points\"") < html.indexOf("id=\"each-master\""), "after the breakdown's table");
    }

    @Test
    void aRunWithOneMasterHasNoSuchSection() throws Exception {
        ReportPoint one = new ReportPoint("single", 4, 0.05, new ReportPoint.MasterBreakdown(0.1, 0.2, 0, 0.4, 0.01), null,
                null, null, List.of(master(0, 0.4, 12.5)));
        String html = Files.readString(ReportPage.write(tmp, new ReportPage.Content("t", "./run.sh emulate", Map.of(),
                List.of(one), List.of())));
        assertFalse(html.contains("Each master"), html);
    }
}
