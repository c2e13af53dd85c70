package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import mse.emulator.report.Json;
import mse.mpi.JsonFile;
import mse.mpi.apps.mase.ReferenceKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrateCpuCommandTest {

    @TempDir
    Path tmp;

    @Test
    void targetSecondsGiveMeasuredOverTarget() throws Exception {
        Path out = tmp.resolve("cpu");
        assertEquals(0, Mse.commandLine().execute("calibrate", "cpu", "--target-seconds", "0.5", "--repeats", "3",
                "--out", out.toString()));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        double here = ((Number) summary.get("hostSeconds")).doubleValue();
        assertTrue(here > 0);
        assertEquals(here / 0.5, ((Number) summary.get("speedRatio")).doubleValue(), 1e-12);
        Map<String, Object> reference = JsonFile.read(out.resolve("cpu-reference.json"));
        assertEquals(ReferenceKernel.DESCRIPTION, reference.get("kernel"));
        assertEquals(here, ((Number) reference.get("seconds")).doubleValue());
        // the file records how it was measured, so a target can judge it: the passes asked for, this machine
        assertEquals(3, reference.get("repeats"));
        assertEquals(Runtime.getRuntime().availableProcessors(), reference.get("cores"));
        assertEquals(0.5, ((Number) summary.get("targetSeconds")).doubleValue());
        assertEquals(out.resolve("cpu-reference.json").toString(), summary.get("referenceFile"));
    }

    @Test
    void aReferenceFileFromTheTargetGivesTheSameRatio() throws Exception {
        Path target = tmp.resolve("target.json");
        Json.write(target, Map.of("kernel", ReferenceKernel.DESCRIPTION, "seconds", 0.25));
        Path out = tmp.resolve("cpu");
        assertEquals(0, Mse.commandLine().execute("calibrate", "cpu", "--reference", target.toString(), "--repeats", "1",
                "--out", out.toString()));
        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        assertEquals(((Number) summary.get("hostSeconds")).doubleValue() / 0.25,
                ((Number) summary.get("speedRatio")).doubleValue(), 1e-12);
    }

    @Test
    void badTargetsAreBadInput() throws Exception {
        Path other = tmp.resolve("other.json");
        Json.write(other, Map.of("kernel", "something else", "seconds", 1.0));
        assertEquals(Mse.EXIT_BAD_INPUT, Mse.commandLine().execute("calibrate", "cpu", "--reference", other.toString(),
                "--out", tmp.resolve("a").toString()));
        assertEquals(Mse.EXIT_BAD_INPUT, Mse.commandLine().execute("calibrate", "cpu", "--target-seconds", "-1",
                "--out", tmp.resolve("b").toString()));
        assertEquals(Mse.EXIT_BAD_INPUT, Mse.commandLine().execute("calibrate", "cpu", "--target-seconds", "1",
                "--reference", other.toString()));
        assertEquals(Mse.EXIT_BAD_INPUT, Mse.commandLine().execute("calibrate", "--round-trips", "100"));
    }
}
