package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file of a results directory (summary.json, report.html, charts, histograms, timeline, logs) gets the
 * permissions any new file gets under this process's umask, so a colleague on the same machine can open it: none is
 * created owner-only as Files.createTempFile would.
 */
class ResultsPermissionsTest {

    @TempDir
    Path tmp;

    @Test
    void everyFileOfAResultsDirectoryHonoursTheUmask() throws Exception {
        Set<PosixFilePermission> umasked = Files.getPosixFilePermissions(Files.createFile(tmp.resolve("reference")));
        Path out = tmp.resolve("out");
        assertEquals(0, Mse.commandLine().execute("emulate", "--local", "--np", "3", "--image", "32x32", "--task-points", "64",
                "--task-cost", "fixed:1us", "--quiet", "--out", out.toString()));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() >= 10 && files.contains(out.resolve("report.html")) && files.contains(out.resolve("summary.json")),
                "the run wrote its files: " + files);
        for (Path file : files) {
            assertEquals(umasked, Files.getPosixFilePermissions(file), out.relativize(file).toString());
        }
    }
}
