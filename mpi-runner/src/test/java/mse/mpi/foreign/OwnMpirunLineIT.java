package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mse.mpi.JsonFile;
import mse.mpi.cli.Mse;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `mse emulator` for a user's own mpirun line, driven as a user would: start it, take the lines it prints, source
 * the token file, run mpirun with the printed options; it writes the results and ends by itself. Without ranks it ends
 * after --wait, on Ctrl-C at once, and never leaves the token behind.
 */
class OwnMpirunLineIT {

    @TempDir
    Path tmp;

    @Test
    void aUsersOwnMpirunLineIsEmulatedWithWhatTheEmulatorPrints() throws Exception {
        Path out = tmp.resolve("own");
        Process emulator = start(List.of("emulator", "--np", "3", "--timeline", "off", "--out", out.toString(), "--wait", "120"));
        List<String> printed = readUntil(emulator, "2. add to your mpirun line:");
        String options = printed.get(printed.size() - 1).replaceFirst(".*line:\\s+", "");
        assertFalse(String.join("\n", printed).contains(token(out)), "the token was printed");
        assertTrue(options.contains("-x MSE_EMULATOR_TOKEN") && !options.contains("MSE_EMULATOR_TOKEN="), options);

        // As the user types it: their own mpirun line, the printed options added, the token from the sourced file.
        List<String> line = new ArrayList<>(MpirunCommand.foreign(3, List.of()).arguments());
        line.addAll(Arrays.asList(options.split(" ")));
        line.add(ForeignRuns.example("row-farm").toString());
        ForeignRuns.Result job = ForeignRuns.run(line, Map.of("MSE_EMULATOR_TOKEN", token(out)), 300);
        assertEquals(0, job.exit(), job.output());
        assertTrue(job.stdout().contains("row-farm rows=120"), job.stdout());

        assertTrue(emulator.waitFor(60, TimeUnit.SECONDS), "the emulator ended with the job");
        assertEquals(0, emulator.exitValue());
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertEquals("emulator", s.get("command"));
        assertEquals(3, s.get("np"));
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() > 0, s.toString());
        assertFalse(Files.exists(out.resolve("token.env")), "the token file outlived the run");
    }

    @Test
    void withoutRanksItEndsAfterWaitAndOnCtrlCLeavingNoToken() throws Exception {
        Path waited = tmp.resolve("waited");
        Process alone = start(List.of("emulator", "--np", "2", "--out", waited.toString(), "--wait", "2"));
        readUntil(alone, "2. add to your mpirun line:");
        assertTrue(alone.waitFor(60, TimeUnit.SECONDS));
        assertNotEquals(0, alone.exitValue());
        assertFalse(Files.exists(waited.resolve("summary.json")));
        assertFalse(Files.exists(waited.resolve("token.env")));

        Path interrupted = tmp.resolve("interrupted");
        Process ctrlC = start(List.of("emulator", "--np", "2", "--out", interrupted.toString(), "--wait", "300"));
        readUntil(ctrlC, "2. add to your mpirun line:");
        new ProcessBuilder("kill", "-INT", Long.toString(ctrlC.pid())).start().waitFor();
        assertTrue(ctrlC.waitFor(30, TimeUnit.SECONDS), "Ctrl-C ended the emulator");
        assertNotEquals(0, ctrlC.exitValue());
        assertFalse(Files.exists(interrupted.resolve("summary.json")));
        assertFalse(Files.exists(interrupted.resolve("token.env")));
    }

    /** A rank with a wrong token is refused by the emulator, one without any refuses to start: each says why, the job ends. */
    @Test
    void aWrongOrMissingTokenEndsTheJobSayingWhy() throws Exception {
        Path out = tmp.resolve("tokens");
        Process emulator = start(List.of("emulator", "--np", "2", "--timeline", "off", "--out", out.toString(), "--wait", "120"));
        try {
            List<String> printed = readUntil(emulator, "2. add to your mpirun line:");
            String options = printed.get(printed.size() - 1).replaceFirst(".*line:\\s+", "");
            List<String> line = new ArrayList<>(MpirunCommand.foreign(2, List.of()).arguments());
            line.addAll(Arrays.asList(options.split(" ")));
            line.add(ForeignRuns.example("pingpong").toString());

            ForeignRuns.Result wrong = ForeignRuns.run(line, Map.of("MSE_EMULATOR_TOKEN", "not-this-run"), 120);
            assertNotEquals(0, wrong.exit(), wrong.output());
            assertTrue(wrong.output().contains("wrong MSE_EMULATOR_TOKEN"), wrong.output());
            assertFalse(wrong.stdout().contains("pingpong:"), "the program ran unemulated: " + wrong.stdout());

            ForeignRuns.Result missing = ForeignRuns.run(line, Map.of(), 120);
            assertNotEquals(0, missing.exit(), missing.output());
            assertTrue(missing.output().contains("MSE_EMULATOR_TOKEN is not set"), missing.output());
        } finally {
            emulator.destroy();
            assertTrue(emulator.waitFor(30, TimeUnit.SECONDS));
        }
        assertFalse(Files.exists(out.resolve("token.env")));
    }

    private static String token(Path out) throws Exception {
        String line = Files.readString(out.resolve("token.env")).trim(); // export MSE_EMULATOR_TOKEN='...'
        return line.substring(line.indexOf('\'') + 1, line.lastIndexOf('\''));
    }

    private Process start(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dmse.pmpi.library=" + System.getProperty("mse.pmpi.library"),
                Mse.class.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectError(tmp.resolve("emulator-" + System.nanoTime() + ".err").toFile()).start();
    }

    /** The lines the process printed up to the one starting with `last` (which ends the list). */
    private static List<String> readUntil(Process p, String last) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = out.readLine()) != null) {
            lines.add(line);
            if (line.startsWith(last)) {
                Thread drain = new Thread(() -> out.lines().forEach(ignored -> { }), "drain");
                drain.setDaemon(true);
                drain.start();
                return lines;
            }
        }
        throw new AssertionError("the emulator ended before printing '" + last + "': " + lines);
    }
}
