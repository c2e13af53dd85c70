package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

/**
 * A farm whose two workers sleep 25 ms a task (mpi-runner/src/test/c/sleepy-farm.c, 12 tasks: 300 ms of sleep in all):
 * `--task-cost real` charges CPU time, so the prediction leaves the sleeps out, but summary.json says how long each
 * rank was off the CPU between calls and one warning line says what is not charged; `--task-cost wall` charges the
 * sleeps and marks the summary load-dependent. A farm that does not sleep gets no warning.
 */
class OffCpuIT {

    private static final double SLEPT_PER_WORKER = 6 * 0.025;

    @TempDir
    Path tmp;

    @Test
    void realModeSaysWhatTheSleepsWereAndLeavesThemOut() throws Exception {
        Path farm = ForeignRuns.compile("sleepy-farm", tmp);
        Path out = tmp.resolve("real");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off", "--out",
                out.toString(), "--", farm.toString(), "12", "25"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.stdout().contains("12 tasks came back"), r.output());
        assertEquals(1, r.stderr().lines().filter(l -> l.startsWith("mse: warning: rank ")).count(), r.output());
        assertTrue(r.stderr().contains("off the CPU (sleeping or waiting for I/O), and 1 other rank over a tenth of its own, "
                + "which --task-cost real does not charge"), r.output());
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        List<Map<String, Object>> ranks = ranks(s);
        double off = 0;
        for (int worker = 1; worker <= 2; worker++) {
            off += ((Number) ranks.get(worker).get("offCpuSeconds")).doubleValue();
        }
        assertTrue(off >= 2 * SLEPT_PER_WORKER * 0.95 && off < 2 * SLEPT_PER_WORKER * 1.5, "workers off the CPU " + off + " s: " + s);
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() < SLEPT_PER_WORKER / 2, "sleeps not charged: " + s);
        assertNull(s.get("loadDependent"), "CPU time does not depend on the load");
    }

    @Test
    void wallModeChargesTheSleepsAndSaysTheLoadMatters() throws Exception {
        Path farm = ForeignRuns.compile("sleepy-farm", tmp);
        Path out = tmp.resolve("wall");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off", "--task-cost",
                "wall", "--out", out.toString(), "--", farm.toString(), "12", "25"));
        assertEquals(0, r.exit(), r.output());
        assertFalse(r.stderr().contains("mse: warning: rank"), r.output());
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() >= SLEPT_PER_WORKER * 0.95, "sleeps charged: " + s);
        assertEquals("wall", s.get("taskCost"));
        assertEquals(Boolean.TRUE, s.get("loadDependent"));
    }

    @Test
    void aFarmThatDoesNotSleepGetsNoWarning() throws Exception {
        Path farm = ForeignRuns.compile("sleepy-farm", tmp);
        Path out = tmp.resolve("awake");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off", "--out",
                out.toString(), "--", farm.toString(), "12", "0"));
        assertEquals(0, r.exit(), r.output());
        assertFalse(r.stderr().contains("mse: warning: rank"), r.output());
        List<Map<String, Object>> ranks = ranks(JsonFile.read(out.resolve("summary.json")));
        assertTrue(((Number) ranks.get(1).get("offCpuSeconds")).doubleValue() < 0.010, "rank 1: " + ranks.get(1));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> ranks(Map<String, Object> summary) {
        return (List<Map<String, Object>>) summary.get("ranks");
    }
}
