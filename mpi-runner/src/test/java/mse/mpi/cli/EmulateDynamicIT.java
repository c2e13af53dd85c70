package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DY over real mpirun and Open MPI Java ranks, emulated: the results are the sequential ones and the log reaches rank 0. */
class EmulateDynamicIT {

    @TempDir
    Path tmp;

    @Test
    void dynamicMastersOverRealMpirunKeepTheChecksum() throws Exception {
        Path out = tmp.resolve("dy");
        // tiny tasks on 8 ranks and a low split wait, so that the split and merge messages cross real MPI too
        assertEquals(0, Mse.commandLine().execute("emulate", "--np", "8", "--strategy", "dynamic", "--split-wait", "100us",
                "--image", "48x40", "--max-iter", "200", "--task-points", "2", "--task-cost", "per-iteration:10ns",
                "--out", out.toString(), "--timeout", "300"));
        Map<String, Object> s = EmulationFiles.checkComplete(out, 8);
        assertEquals(CountImage.sequential(new ImageSpec(48, 40, -2, 1, -1.5, 1.5, 200)).checksum(), s.get("checksum"));
        assertEquals("dynamic", s.get("strategy"));
        List<?> events = (List<?>) s.get("masterEvents");
        assertEquals(events.size() + 1, Files.readAllLines(out.resolve("masters.csv")).size());
        assertTrue(events.size() % 2 == 0, "every split has its merge: " + events);
    }
}
