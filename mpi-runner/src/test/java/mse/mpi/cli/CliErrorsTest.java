package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad options end with one line naming the option, exit code 2, and no stack trace (and no mpirun). */
class CliErrorsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "run --np 1                        | --np",
        "run --np x                        | --np",
        "run --image 12                    | --image",
        "run --image 0x5                   | --image",
        "run --image axb                   | --image",
        "run --region 1,0,0,1              | --region",
        "run --bogus                       | --bogus",
        "run --image 8x8 --task-points 65  | task-points",
        "run --max-iter 0                  | max-iter",
        "emulate --local --timeline most   | --timeline",
        "predict --timeline none           | --timeline",
        "predict --prefetch 0              | --prefetch",
        "predict --prefetch 1,x            | --prefetch",
        "emulate --local --prefetch 1,2    | --prefetch",
        "predict --app ep --ep-tasks 4 --prefetch 5 | --prefetch",
        "validate --measured-runs 0        | --measured-runs",
    })
    void badInputIsOneLineWithExitCode2(String argLine, String named) {
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(argLine.trim().split("\\s+"));
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("mse: "), text);
        assertTrue(text.contains(named), text);
        assertFalse(text.contains("Exception"), text);
    }

    /**
     * predict cannot follow a prefetching slave whose results are synchronous (it would wait for the master to take
     * each one): refused before anything runs or is written, naming --prefetch; emulate is the way.
     */
    @Test
    void prefetchWithSynchronousResultsIsRefusedBeforeAnythingIsWritten(@TempDir Path tmp) throws Exception {
        Path profile = synchronousProfile(tmp);
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        Path out = tmp.resolve("out");
        int code = cl.execute("predict", "--np", "4", "--prefetch", "2", "--sample", "all", "--image", "40x32", "--max-iter", "100",
                "--task-points", "8", "--task-cost", "per-iteration:10ns", "--profile", profile.toString(), "--out", out.toString());
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("--prefetch") && text.contains("synchronous"), text);
        assertFalse(Files.exists(out), "nothing written");
    }

    /**
     * DY's simulation does not follow synchronous messages (its kernel replay stopped with an internal error, exit 70):
     * refused before anything runs or is written, naming the profile; emulate is the way.
     */
    @Test
    void dynamicWithSynchronousMessagesIsRefusedBeforeAnythingIsWritten(@TempDir Path tmp) throws Exception {
        Path profile = synchronousProfile(tmp);
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        Path out = tmp.resolve("out");
        int code = cl.execute("predict", "--np", "4", "--strategy", "dynamic", "--sample", "all", "--image", "40x32", "--max-iter", "100",
                "--task-points", "8", "--task-cost", "per-iteration:10ns", "--profile", profile.toString(), "--out", out.toString());
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("--profile") && text.contains("DY with synchronous messages") && text.contains("emulate"), text);
        assertFalse(Files.exists(out), "nothing written");
    }

    private static Path synchronousProfile(Path tmp) throws java.io.IOException {
        Path profile = tmp.resolve("sync.conf");
        Files.writeString(profile, """
                network {
                  name = "sync", source = "test", latency-us = 50, gap-us = 0, gap-per-byte-us = 0.0268
                  sync-threshold-bytes = 10
                  send-overhead { base-us = 10, per-process-us = 0, per-byte-us = 0 }
                  recv-overhead { base-us = 10, per-process-us = 0, per-byte-us = 0 }
                }
                cpu { speed-ratio = 1.0 }
                """);
        return profile;
    }
}
