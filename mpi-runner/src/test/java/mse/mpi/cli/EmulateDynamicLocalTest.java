package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DY emulated in virtual time with ranks as threads (--local) and a deterministic task cost, under the
 * default mpich-fast-ethernet profile (seed 001, Table 2): with many slaves and tiny tasks the master is
 * the bottleneck and DY splits (section 3.2); with few slaves and big tasks it never does; and the same
 * inputs give the same prediction and the same split/merge log.
 */
class EmulateDynamicLocalTest {

    @TempDir
    Path tmp;

    private Map<String, Object> emulate(String name, String... args) throws Exception {
        Path out = tmp.resolve(name);
        List<String> all = new java.util.ArrayList<>(List.of("emulate", "--local", "--strategy", "dynamic", "--out", out.toString()));
        all.addAll(List.of(args));
        assertEquals(0, Mse.commandLine().execute(all.toArray(String[]::new)));
        Map<String, Object> s = EmulationFiles.checkComplete(out, ((Number) JsonFile.read(out.resolve("summary.json")).get("np")).intValue());
        assertTrue(Files.exists(out.resolve("masters.csv")), "DY writes masters.csv");
        assertEquals(events(s).size() + 1, Files.readAllLines(out.resolve("masters.csv")).size());
        return s;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> events(Map<String, Object> summary) {
        return (List<Map<String, Object>>) summary.get("masterEvents");
    }

    private static long count(Map<String, Object> summary, String action) {
        return events(summary).stream().filter(e -> action.equals(e.get("action"))).count();
    }

    @Test
    void masterBoundRunSplitsAndIsDeterministic() throws Exception {
        String[] masterBound = {"--np", "16", "--image", "48x40", "--max-iter", "200", "--task-points", "2",
                "--task-cost", "per-iteration:10ns"};
        Map<String, Object> first = emulate("bound-1", masterBound);
        Map<String, Object> second = emulate("bound-2", masterBound);
        assertEquals(CountImage.sequential(new ImageSpec(48, 40, -2, 1, -1.5, 1.5, 200)).checksum(), first.get("checksum"));
        System.out.println("DY master-bound: " + count(first, "split") + " splits, " + count(first, "merge") + " merges, predicted "
                + first.get("predictedSeconds") + " s: " + events(first));
        assertTrue(count(first, "split") >= 1, "a saturated master splits: " + events(first));
        assertEquals(count(first, "split"), count(first, "merge"), "every secondary merges back");
        assertTrue(events(first).stream().allMatch(e -> ((Number) e.get("depth")).intValue() <= 2), "--max-depth 2 by default");
        assertEquals(first.get("predictedSeconds"), second.get("predictedSeconds"));
        assertEquals(first.get("masterEvents"), second.get("masterEvents"));
        assertEquals(count(first, "split"), ((Number) first.get("splits")).longValue());
        assertEquals(count(first, "merge"), ((Number) first.get("merges")).longValue());
        int peak = ((Number) first.get("peakMasters")).intValue();
        assertTrue(peak >= 2 && peak <= 1 + count(first, "split"), "peakMasters " + peak + " for " + events(first));
    }

    @Test
    void computeBoundRunNeverSplits() throws Exception {
        Map<String, Object> s = emulate("compute", "--np", "5", "--image", "128x96", "--max-iter", "1000", "--task-points", "256",
                "--task-cost", "per-iteration:10us");
        System.out.println("DY compute-bound: " + events(s) + ", predicted " + s.get("predictedSeconds") + " s");
        assertEquals(List.of(), events(s));
        assertEquals(List.of(0, 0, 1), List.of(s.get("splits"), s.get("merges"), s.get("peakMasters")), "a DY run says it never split");
        assertEquals(CountImage.sequential(new ImageSpec(128, 96, -2, 1, -1.5, 1.5, 1000)).checksum(), s.get("checksum"));
    }
}
