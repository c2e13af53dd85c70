package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.emulator.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aRunAgainstASweepComparesTheSweepsBestPoint() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Json.write(a.resolve("summary.json"), Map.of("predictedSeconds", 2.0, "np", 8, "strategy", "single",
                "breakdown", Map.of("master", Map.of("idleSeconds", 0.5))));
        Json.write(b.resolve("summary.json"), Map.of("strategy", "multi", "points", List.of(
                Map.of("np", 4, "predictedSeconds", 3.0), Map.of("np", 16, "predictedSeconds", 1.5))));
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        try {
            assertEquals(0, Mse.commandLine().execute("compare", a.toString(), b.toString()));
        } finally {
            System.setOut(saved);
        }
        String text = out.toString();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("predicted time") && l.contains("-25.0%")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("P ") && l.contains("16")), text);
    }

    /** A file from another version (keys compare does not know, figures it lacks) compares what both sides have. */
    @Test
    void unknownKeysAreIgnoredAndMissingFiguresLeaveTheirRowOut() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("old"));
        Json.write(a.resolve("summary.json"), Map.of("predictedSeconds", 2.0, "retired", "key",
                "breakdown", Map.of("master", Map.of("idleSeconds", 0.5, "retiredSeconds", 1.0)),
                "latency", Map.of("slaveWaitMicros", Map.of("p99", 7.0, "p999", 9.0))));
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        try {
            assertEquals(0, Mse.commandLine().execute("compare", a.toString(), a.toString()));
        } finally {
            System.setOut(saved);
        }
        String text = out.toString();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("master idle (s)")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("slave wait p99 (us)") && l.contains("7")), text);
        assertTrue(text.lines().noneMatch(l -> l.startsWith("master send (s)") || l.startsWith("queue wait p99")), text);
    }

    @Test
    void aMissingSummaryIsBadInput() {
        StringWriter err = new StringWriter();
        var cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute("compare", tmp.resolve("nothing").toString(), tmp.toString()));
        assertTrue(err.toString().contains("no summary.json"), err.toString());
    }
}
