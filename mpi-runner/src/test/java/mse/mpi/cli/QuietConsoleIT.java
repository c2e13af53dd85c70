package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The `mse` command as a user starts it (its own JVM, ranks under real mpirun): stderr carries none of the log's
 * INFO, neither the launcher's nor the ranks' (no Slf4jLogger, gateway, mpirun command line or CoordinatedShutdown),
 * and mse.log in the run's directory has them, the rank JVMs' lines included.
 */
class QuietConsoleIT {

    @TempDir
    Path tmp;

    @Test
    void anEmulatedSweepPrintsItsTableAndNothingOfTheLog() throws Exception {
        Path out = tmp.resolve("sweep");
        Path stdout = tmp.resolve("stdout");
        Path stderr = tmp.resolve("stderr");
        String classpath = System.getProperty("mse.classpath", System.getProperty("java.class.path"));
        Process mse = new ProcessBuilder(List.of("java", "-cp", classpath, "-Dmse.classpath=" + classpath, Mse.class.getName(),
                "sweep", "--np", "2,3", "--image", "32x32", "--task-points", "64", "--task-cost", "fixed:1us", "--quiet",
                "--timeout", "300", "--out", out.toString()))
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        assertTrue(mse.waitFor(600, TimeUnit.SECONDS), "mse did not end");
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        String table = Files.readString(stdout, StandardCharsets.UTF_8);
        assertEquals(0, mse.exitValue(), err);
        assertTrue(table.startsWith("strategy") && table.contains("best: single at P = "), table);
        assertFalse(err.contains("[INFO]"), "INFO on stderr:\n" + err);
        for (String noise : List.of("Slf4jLogger", "Rank gateway", "mpirun -np", "CoordinatedShutdown")) {
            assertFalse(err.contains(noise) || table.contains(noise), noise + " on the console:\n" + err + table);
        }
        String log = Files.readString(out.resolve("mse.log"), StandardCharsets.UTF_8);
        for (String line : List.of("Slf4jLogger started", "Rank gateway listening", "starting mpirun: mpirun -np 3",
                "CoordinatedShutdown", "[main] mse.mpi.rank.RankRuntime")) {
            assertTrue(log.contains(line), "mse.log lacks " + line + ":\n" + log);
        }
    }
}
