package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import mse.mpi.JsonFile;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Real mpirun, real Open MPI Java ranks: the master's image equals the sequential computation. */
class RunCommandIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "mpirun -np {0}, {1} points per task")
    @CsvSource({"2, 1", "2, 64", "4, 1", "4, 64"})
    void realMpirunMatchesSequentialChecksum(int np, int taskPoints) throws Exception {
        Path out = tmp.resolve("np" + np + "-tp" + taskPoints);
        Path png = tmp.resolve("mase.png");
        int code = Mse.commandLine().execute("run", "--np", Integer.toString(np), "--image", "96x64",
                "--max-iter", "500", "--task-points", Integer.toString(taskPoints), "--png", png.toString(),
                "--out", out.toString(), "--timeout", "120");
        assertEquals(0, code);

        Map<String, Object> summary = JsonFile.read(out.resolve("summary.json"));
        String expected = CountImage.sequential(new ImageSpec(96, 64, -2, 1, -1.5, 1.5, 500)).checksum();
        assertEquals(expected, summary.get("checksum"));
        assertEquals("run", summary.get("command"));
        assertEquals("mase", summary.get("app"));
        assertEquals("single", summary.get("strategy"));
        assertEquals(np, summary.get("np"));
        assertEquals((96 * 64 + taskPoints - 1) / taskPoints, summary.get("tasks"));
        // a run that outlived --timeout would have been aborted, so a finished run reports less than it
        double wall = ((Number) summary.get("wallSeconds")).doubleValue();
        assertTrue(wall > 0 && wall < 120, "wallSeconds " + wall);
        // what programSeconds leaves out: the rehearsal runs only where no host has more ranks than cores
        Map<?, ?> span = (Map<?, ?>) summary.get("measuredSpan");
        String rehearsal = np > Runtime.getRuntime().availableProcessors() ? "skipped" : "done";
        assertEquals(rehearsal, span.get("rehearsal"));
        assertEquals(1, span.get("fastestOf"));
        assertTrue(((List<?>) span.get("leavesOut")).stream().anyMatch(l -> l.toString().startsWith("rehearsal")), span.toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(96, image.getWidth());
        assertEquals(64, image.getHeight());
        try (var files = Files.list(out)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary file is left");
        }
    }
}
