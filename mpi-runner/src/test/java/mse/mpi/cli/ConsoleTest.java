package mse.mpi.cli;

import mse.mpi.experiment.RunDirectory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The console: results on stdout, nothing of the log's INFO on stderr unless --verbose (it goes to the run's
 * mse.log), and an internal error as one line pointing at mse.log, which holds its stack trace, exit code 70.
 */
class ConsoleTest {

    private static final String[] RUN = {"emulate", "--local", "--np", "3", "--image", "32x32", "--task-points", "64",
            "--task-cost", "fixed:1us", "--timeline", "off", "--quiet"};

    @TempDir
    Path tmp;

    @Test
    void aRunPrintsResultsOnStdoutAndKeepsTheLogsInfoInMseLog() throws Exception {
        Console console = run(tmp.resolve("quiet"), RUN);
        assertEquals(0, console.code, console.err);
        assertTrue(console.out.contains("predicted time"), console.out);
        assertFalse(console.err.contains("[INFO]"), "INFO on stderr:\n" + console.err);
        assertFalse(console.err.contains("Slf4jLogger") || console.err.contains("listening"), console.err);
        String log = Files.readString(tmp.resolve("quiet").resolve("mse.log"));
        assertTrue(log.contains("Slf4jLogger started") && log.contains("emulator listening"), log);
    }

    @Test
    void verbosePutsInfoBackOnStderr() throws Exception {
        String[] args = java.util.Arrays.copyOf(RUN, RUN.length + 1);
        args[RUN.length] = "--verbose";
        Console console = run(tmp.resolve("verbose"), args);
        assertEquals(0, console.code, console.err);
        assertTrue(console.err.contains("[INFO] emulator listening"), console.err);
        assertFalse(console.out.contains("[INFO]"), console.out);
    }

    @Test
    void anInternalErrorIsOneLinePointingAtMseLogWithItsStackTrace() throws Exception {
        Path dir = tmp.resolve("failing");
        CommandLine cl = Mse.commandLine().addSubcommand("fail", new Failing(dir));
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute("fail");
        String text = err.toString().trim();
        assertEquals(Mse.EXIT_INTERNAL_ERROR, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("mse: internal error, see " + dir.resolve("mse.log")), text);
        String log = Files.readString(dir.resolve("mse.log"));
        assertTrue(log.contains("java.lang.IllegalStateException: virtual time went back") && log.contains("at mse.mpi.cli.ConsoleTest"), log);
    }

    /** A command with a bug: an exception that is neither bad input nor a failed run. */
    @Command(name = "fail")
    static final class Failing implements Callable<Integer> {
        private final Path dir;

        Failing(Path dir) {
            this.dir = dir;
        }

        @Override
        public Integer call() {
            RunDirectory.create(dir, "fail");
            throw new IllegalStateException("virtual time went back");
        }
    }

    private record Console(int code, String out, String err) {}

    private static Console run(Path out, String... args) {
        String[] withOut = java.util.Arrays.copyOf(args, args.length + 2);
        withOut[args.length] = "--out";
        withOut[args.length + 1] = out.toString();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
            int code = Mse.commandLine().execute(withOut);
            return new Console(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }
}
