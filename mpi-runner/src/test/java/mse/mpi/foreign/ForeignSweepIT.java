package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `sweep -- PROGRAM`: a foreign program at several P with its best point, each point a complete emulated run; --resume
 * continues only the same program with the same arguments.
 */
class ForeignSweepIT {

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void aSweepOfAProgramFindsItsBestPointAndResumesOnlyTheSameCommandLine() throws Exception {
        String farm = ForeignRuns.example("task-done-farm").toString();
        Path out = tmp.resolve("sweep");
        List<String> sweep = List.of("sweep", "--np", "2,3,4", "--task-cost", "per-iteration:20ns", "--quiet", "--timeline", "off",
                "--out", out.toString(), "--", farm, "48");
        ForeignRuns.Result r = ForeignRuns.mse(sweep);
        assertEquals(0, r.exit(), r.output());
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        List<Map<String, Object>> points = (List<Map<String, Object>>) s.get("points");
        assertEquals(List.of(2, 3, 4), points.stream().map(p -> p.get("np")).toList());
        assertEquals(List.of(farm, "48"), s.get("program"));
        assertEquals(farm + " 48", ((Map<String, Object>) s.get("sameFor")).get("program"));
        double best = points.stream().mapToDouble(p -> ((Number) p.get("predictedSeconds")).doubleValue()).min().orElseThrow();
        assertEquals(best, ((Number) ((Map<String, Object>) s.get("best")).get("predictedSeconds")).doubleValue());
        for (int np : List.of(2, 3, 4)) {
            assertTrue(Files.exists(out.resolve("np" + np).resolve("summary.json")), "point np" + np);
        }

        ForeignRuns.Result again = ForeignRuns.mse(List.of("sweep", "--np", "2,3,4", "--task-cost", "per-iteration:20ns", "--quiet",
                "--timeline", "off", "--resume", out.toString(), "--", farm, "48"));
        assertEquals(0, again.exit(), again.output());
        assertTrue(again.stderr().contains("already done"), again.stderr());
        assertEquals(points, JsonFile.read(out.resolve("summary.json")).get("points"));

        ForeignRuns.Result other = ForeignRuns.mse(List.of("sweep", "--np", "2,3,4", "--task-cost", "per-iteration:20ns", "--quiet",
                "--timeline", "off", "--resume", out.toString(), "--", farm, "64"));
        assertEquals(2, other.exit(), other.output());
        assertTrue(other.stderr().contains("program was " + farm + " 48, now " + farm + " 64"), other.stderr());
    }
}
