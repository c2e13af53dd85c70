package mse.mpi.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import mse.mpi.cli.Mse;
import mse.mpi.rank.RunLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results directory is marked INCOMPLETE from its creation until its command ends well, and says why otherwise. */
class RunDirectoryTest {

    @TempDir
    Path tmp;

    @AfterEach
    void detach() {
        RunLog.detach();
    }

    @Test
    void theMarkIsThereWhileTheCommandRunsAndGoesWhenItEndsWell() throws Exception {
        Path dir = RunDirectory.create(tmp.resolve("ok"), "predict");
        assertTrue(Files.readString(dir.resolve(RunDirectory.INCOMPLETE)).startsWith("running: mse predict (pid "));
        RunDirectory.endedWell();
        assertFalse(Files.exists(dir.resolve(RunDirectory.INCOMPLETE)));
    }

    @Test
    void aCommandThatFailsLeavesItsDirectoryMarkedWithTheReason() throws Exception {
        Path dir = RunDirectory.create(tmp.resolve("failed"), "emulate");
        RunDirectory.ended("failed (exit code 1): emulation failed: rank 2 lost its connection");
        assertEquals("failed (exit code 1): emulation failed: rank 2 lost its connection\n",
                Files.readString(dir.resolve(RunDirectory.INCOMPLETE)));
        RunDirectory.endedWell(); // nothing runs any more: a later end changes nothing
        assertTrue(Files.exists(dir.resolve(RunDirectory.INCOMPLETE)));
    }

    @Test
    void theCommandLineUnmarksARunThatEndedWell() throws Exception {
        Path out = tmp.resolve("predicted");
        assertEquals(0, Mse.commandLine().execute("predict", "--np", "2,4", "--image", "16x16", "--task-points", "16",
                "--task-cost", "per-iteration:10ns", "--sample", "all", "--timeline", "off", "--quiet", "--out", out.toString()));
        assertTrue(Files.exists(out.resolve("summary.json")));
        assertFalse(Files.exists(out.resolve(RunDirectory.INCOMPLETE)));
    }
}
