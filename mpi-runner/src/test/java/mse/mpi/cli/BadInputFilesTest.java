package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Bad input of every kind the issue "Reliability and security" lists ends with one line "mse: ...", exit code 2,
 * no stack trace, and no results directory: each case is checked before anything is written or launched (the
 * commands here would otherwise start mpirun, partial execution or a placement). {name} in a case is a file of
 * this test's temporary directory.
 */
class BadInputFilesTest {

    @TempDir
    Path tmp;

    @BeforeEach
    void writeFiles() throws IOException {
        String profile = preset();
        write("bad-syntax.conf", "network {\n  name = \"x\" ]\n}\n");
        write("unknown-key.conf", profile.replace("latency-us", "latency-us = 1\n  lattency-us"));
        write("missing-key.conf", profile.replaceAll("(?m)^.*latency-us.*$", ""));
        write("negative.conf", profile.replaceAll("latency-us = [0-9.]+", "latency-us = -5"));
        write("unknown-model.conf", profile.replace("model = loggps", "model = logp"));
        write("tasks.csv", "task,order,slave,cpuNanos,virtualStartNanos,virtualEndNanos\n0,0,1,100,0,100\n1,1,x,100,0,100\n");
        write("runs.csv", "slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds\n1,100,1,8,1,8,0.5\n1,100,1,8,1\n");
        write("unknown-network.conf", """
                grid {
                  networks = [ { name = lan1, capacity = 900 } ]
                  hosts = [
                    { name = n1, network = lan1, w-slave = 35, w-master = 300 }
                    { name = n2, network = lan9, w-slave = 35, w-master = 300 }
                  ]
                }
                """);
        write("disconnected.conf", """
                grid {
                  networks = [ { name = lan1, capacity = 900 }, { name = lan2, capacity = 900 } ]
                  hosts = [
                    { name = n1, network = lan1, w-slave = 35, w-master = 300 }
                    { name = n2, network = lan2, w-slave = 35, w-master = 300 }
                  ]
                }
                """);
        write("plain-file.txt", "not a directory\n");
        // DY's simulation does not follow synchronous messages: a profile whose 10-byte threshold makes them so
        write("synchronous.conf", profile.replace("sync-threshold-bytes = 0", "sync-threshold-bytes = 10"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "predict --np 2 --profile nope                       | available presets: mpich-fast-ethernet",
        "emulate --np 2 --profile nope                       | available presets: mpich-fast-ethernet",
        "predict --np 2 --profile {bad-syntax.conf}          | bad-syntax.conf:2:",
        "predict --np 2 --profile {unknown-key.conf}         | network.lattency-us: unknown key",
        "predict --np 2 --profile {missing-key.conf}         | network.latency-us: missing",
        "predict --np 2 --profile {negative.conf}            | network.latency-us: expected a number >= 0",
        "predict --np 2 --profile {unknown-model.conf}       | network.model: unknown network model \"logp\"; expected one of loggps",
        "model rtt --profile {unknown-model.conf}            | network.model: unknown network model",
        "emulate --np 2 --profile {unknown-model.conf}       | network.model: unknown network model",
        "predict --np 2 --profile {no-such.conf}             | no-such.conf",
        "predict --np 2 --cpu-ratio -1                       | --cpu-ratio",
        "predict --np 2 --cpu-ratio 0                        | --cpu-ratio",
        "predict --np 2 --cpu-ratio fast                     | --cpu-ratio",
        "predict --np 2 --sample 0                           | --sample",
        "predict --np 2 --sample many                        | --sample",
        "predict --np 2 --target-error -5                    | --target-error",
        "predict --np 2 --task-cost fixed:-1ns               | --task-cost",
        "run --max-iter -3                                   | max-iter",
        "run --task-points 0                                 | task-points",
        "run --timeout 0                                     | --timeout",
        "emulate --timeout -1                                | --timeout",
        "run --np 1                                          | --np",
        "emulate --np 0                                      | --np",
        "predict --np 1                                      | --np",
        "run --np 4 --strategy multi --masters 3             | --masters",
        "run --np 8 --strategy multi --masters 1             | --masters",
        "emulate --np 4 --strategy multi --masters x         | --masters",
        "run --image 0x0                                     | --image",
        "run --image 20000x20000                             | --image: 20000x20000 needs about",
        "emulate --image 8000x8000 --png {m.png}             | e.g.",
        "predict --np 2 --image 8x8 --task-points 65         | task-points",
        "predict --np 2,,4                                   | --np",
        "predict --np 8,4                                    | --np",
        "sweep --np 2,x                                      | --np",
        "predict --np 2 --trace {tasks.csv}                  | tasks.csv line 3",
        "model loop --fit {runs.csv}                         | runs.csv:3:",
        "place --grid {unknown-network.conf}                 | unknown network lan9",
        "place --grid {disconnected.conf}                    | disconnected",
        "place --grid {no-such.conf}                         | no-such.conf",
        // refusals a command makes after parsing, each before its results directory: one per command that has them
        "predict --np 2,4 --strategy dynamic --image 8x8 --task-points 32 --profile {synchronous.conf} | DY with synchronous messages",
        "sweep --np 2 --resume {results}                     | holds no summary.json",
        "calibrate --round-trips 5                           | --round-trips",
        "calibrate --profile-out {fitted.txt}                | --profile-out",
        "calibrate cpu --repeats 0                           | --repeats",
        "calibrate cpu --reference {no-such.json}            | --reference",
        "validate --measured-runs 0                          | --measured-runs",
        "model hp --file {no-such.conf}                      | no-such.conf",
        "model loop --fit {runs.csv} --topology ring         | --topology",
        "emulator --np 2 --wait 0                            | --wait",
    })
    void isOneLineExitCode2AndWritesNothing(String argLine, String named) {
        Path out = tmp.resolve("results");
        List<String> args = new ArrayList<>();
        for (String arg : argLine.trim().split("\\s+")) {
            args.add(arg.startsWith("{") ? tmp.resolve(arg.substring(1, arg.length() - 1)).toString() : arg);
        }
        args.addAll(List.of("--out", out.toString()));
        String text = runExpectingBadInput(args);
        assertTrue(text.contains(named), text);
        assertFalse(Files.exists(out), "wrote " + out + " before rejecting the input");
    }

    @Test
    void anUncreatableResultsDirectoryIsBadInput() {
        // Tests run as root, for whom a chmod 0555 directory is still writable: a directory under a plain file cannot exist.
        Path out = tmp.resolve("plain-file.txt").resolve("sub");
        String text = runExpectingBadInput(List.of("place", "--grid", "../examples/grid-seed002-fig1.conf", "--out", out.toString()));
        assertTrue(text.contains("--out") && text.contains("plain-file.txt"), text);
    }

    /** Runs `args`, checks it is refused as bad input (one line, exit code 2, no stack trace), and returns the line. */
    static String runExpectingBadInput(List<String> args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args.toArray(String[]::new));
        String text = err.toString().trim();
        assertEquals(2, code, text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("mse: "), text);
        assertFalse(text.contains("Exception"), text);
        return text;
    }

    private void write(String name, String text) throws IOException {
        Files.writeString(tmp.resolve(name), text);
    }

    private static String preset() throws IOException {
        try (InputStream in = BadInputFilesTest.class.getClassLoader().getResourceAsStream("profiles/mpich-fast-ethernet.conf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
