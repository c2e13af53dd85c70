package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * `sweep --resume` continues only the sweep it was given: every option that changes a prediction and the
 * profile's content must be those of the points already done, or it refuses, listing each difference.
 */
class SweepResumeTest {

    @TempDir
    Path tmp;
    Path sweep;
    Path profile;

    @BeforeEach
    void sweepOnePointWithAProfileFile() throws IOException {
        sweep = tmp.resolve("sweep");
        profile = tmp.resolve("target.conf");
        try (InputStream preset = getClass().getResourceAsStream("/profiles/mpich-fast-ethernet.conf")) {
            Files.write(profile, preset.readAllBytes());
        }
        assertEquals(0, sweep("--out", sweep.toString()).code());
    }

    private record Outcome(int code, String err) {}

    private Outcome sweep(String... extra) {
        List<String> args = new ArrayList<>(List.of("sweep", "--local", "--quiet", "--np", "3", "--strategy", "dynamic",
                "--image", "24x16", "--max-iter", "50", "--task-points", "8", "--task-cost", "per-iteration:10ns",
                "--profile", profile.toString()));
        for (int i = 0; i < extra.length; i += 2) { // an option given again replaces the base one
            int at = args.indexOf(extra[i]);
            if (at >= 0) {
                args.set(at + 1, extra[i + 1]);
            } else {
                args.addAll(List.of(extra[i], extra[i + 1]));
            }
        }
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        return new Outcome(cl.execute(args.toArray(String[]::new)), err.toString().trim());
    }

    @Test
    void theSameOptionsResumeWithoutRunningAgain() throws IOException {
        Map<String, Object> before = JsonFile.read(sweep.resolve("summary.json"));
        Outcome resumed = sweep("--resume", sweep.toString());
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(before.get("points"), JsonFile.read(sweep.resolve("summary.json")).get("points"));
    }

    /**
     * Prefetch is part of a point's identity. The sweep without --prefetch ran K = 1; resumed with
     * --prefetch 1,2 it keeps that point and runs only K = 2; resumed with --prefetch 4 nothing is reused.
     */
    @Test
    @SuppressWarnings("unchecked")
    void prefetchIsPartOfAPointsIdentity() throws IOException {
        Map<String, Object> before = (Map<String, Object>) ((List<?>) JsonFile.read(sweep.resolve("summary.json")).get("points")).get(0);
        assertFalse(before.containsKey("prefetch"), "no --prefetch, no prefetch key");
        Outcome resumed = sweep("--resume", sweep.toString(), "--prefetch", "1,2");
        assertEquals(0, resumed.code(), resumed.err());
        List<Map<String, Object>> points = (List<Map<String, Object>>) JsonFile.read(sweep.resolve("summary.json")).get("points");
        assertEquals(before, points.get(0), "K = 1 was done: kept as it was");
        assertEquals(2, points.get(1).get("prefetch"));
        assertTrue(((Number) points.get(1).get("predictedSeconds")).doubleValue()
                < ((Number) before.get("predictedSeconds")).doubleValue(), "two in flight hide the round trip");
        assertEquals(0, sweep("--resume", sweep.toString(), "--prefetch", "4").code());
        List<Map<String, Object>> k4 = (List<Map<String, Object>>) JsonFile.read(sweep.resolve("summary.json")).get("points");
        assertEquals(List.of(4), k4.stream().map(p -> p.get("prefetch")).toList(), "K = 4 is a new point");
    }

    @Test
    void aChangedDynamicOptionIsRefusedNamingIt() {
        assertRefused(sweep("--resume", sweep.toString(), "--split-wait", "7ms", "--max-depth", "1"),
                "--split-wait", "--max-depth");
    }

    @Test
    void anEditedProfileWithTheSameNameIsRefused() throws IOException {
        Files.writeString(profile, Files.readString(profile).replace("latency-us = 50.0", "latency-us = 60.0"));
        assertRefused(sweep("--resume", sweep.toString()), "profile content");
    }

    @Test
    void aChangedWorkloadOrCostIsRefusedListingEveryDifference() {
        assertRefused(sweep("--resume", sweep.toString(), "--max-iter", "60", "--task-cost", "per-iteration:20ns"),
                "--max-iter", "--task-cost");
    }

    private static void assertRefused(Outcome outcome, String... named) {
        assertEquals(2, outcome.code(), outcome.err());
        assertEquals(1, outcome.err().lines().count(), outcome.err());
        for (String option : named) {
            assertTrue(outcome.err().contains(option), outcome.err());
        }
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }
}
