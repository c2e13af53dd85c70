package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The shipped examples run, write summary.json, and bad files end with one line and exit code 2. */
class PlaceAndModelCommandTest {

    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path tmp;

    @Test
    void placeReproducesSeed002Table2() throws Exception {
        assertEquals(0, run("place", "--grid", EXAMPLES.resolve("grid-seed002-fig1.conf").toString(), "--out", tmp.toString()));
        Map<String, Object> summary = JsonFile.read(tmp.resolve("summary.json"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> candidates = (List<Map<String, Object>>) summary.get("candidates");
        assertEquals(List.of(110.0, 130.0, 60.0, 90.0), candidates.stream().map(c -> c.get("appRate")).toList());
        assertEquals(Map.of("B", 60.0, "C", 50.0, "D", 0.0), candidates.get(0).get("slaveRates"));
        @SuppressWarnings("unchecked")
        Map<String, Object> best = (Map<String, Object>) summary.get("best");
        assertEquals("B", best.get("master"));
    }

    @Test
    void otherExamplesRun() throws Exception {
        assertEquals(0, run("place", "--grid", EXAMPLES.resolve("grid-two-lans.conf").toString(), "--tasks", "5000",
                "--out", tmp.resolve("p").toString()));
        assertEquals(0, run("model", "hp", "--file", EXAMPLES.resolve("hp-matrix-multiply.conf").toString(),
                "--out", tmp.resolve("hp").toString()));
        assertEquals(0, run("model", "loop", "--fit", EXAMPLES.resolve("loop-runs.csv").toString(),
                "--predict", EXAMPLES.resolve("loop-predict.csv").toString(), "--topology", "torus-3d",
                "--out", tmp.resolve("loop").toString()));
        Map<String, Object> loop = JsonFile.read(tmp.resolve("loop").resolve("summary.json"));
        double alpha = ((Number) loop.get("alphaSecondsPerFlop")).doubleValue();
        assertEquals(8.67e-9, alpha, 0.02 * 8.67e-9, "the example runs come from seed 004 Table 1's Cray T3E row");
    }

    @Test
    void badFilesAreOneLineWithExitCode2() throws Exception {
        Path csv = tmp.resolve("runs.csv");
        Files.writeString(csv, "slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds\n1,2,3,4,5,6,7\n1,2,x,4,5,6,7\n");
        assertOneLine(new String[] {"model", "loop", "--fit", csv.toString()}, "runs.csv:3: sends");
        Path grid = tmp.resolve("grid.conf");
        Files.writeString(grid, "grid {\n  networks = [ { name = lan, capacity = 9 } ]\n  hosts = [ { name = a, network = lan, w-slave = 1, w-master = 1 },"
                + " { name = b, network = lan9, w-slave = 1, w-master = 1 } ]\n}\n");
        assertOneLine(new String[] {"place", "--grid", grid.toString(), "--out", tmp.resolve("x").toString()}, "grid.conf:3: grid.hosts[1].network: unknown network lan9");
    }

    private void assertOneLine(String[] args, String named) {
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("mse: ") && text.contains(named), text);
        assertFalse(text.contains("Exception"), text);
    }

    private static int run(String... args) {
        return Mse.commandLine().execute(args);
    }
}
