package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `mse bench floor` and `bench hop` as a user starts them: the floor's farms run under real mpirun, directly and
 * through the relay, to the end (every task returned, or the master writes no farm time and the bench fails), and
 * each bench prints its figures. Only that the figures exist and are times: tests never judge wall time.
 */
class BenchFloorIT {

    @TempDir
    Path tmp;

    @Test
    void printsTheFarmFloorOfEachPDirectAndRelayedAndTheHopFloors() throws Exception {
        String out = mse("bench", "floor", "--np", "2,3", "--image", "64x32", "--repeat", "1");
        assertTrue(out.contains("farm floor: 2048 empty tasks"), out);
        assertTimes(out, "farm-floor-np2-direct-us", "farm-floor-np2-relayed-us", "farm-floor-np3-direct-us",
                "farm-floor-np3-relayed-us", "hop-floor-direct-median-us", "hop-floor-relayed-median-us");
    }

    @Test
    void theHopBenchPrintsTheMachinesFloorAfterTheHop() throws Exception {
        String out = mse("bench", "hop");
        assertTimes(out, "hop-median-us", "hop-p99-us", "hop-tcp-median-us", "hop-tcp-p99-us",
                "hop-floor-direct-median-us", "hop-floor-relayed-median-us");
    }

    private String mse(String... args) throws Exception {
        Path stdout = tmp.resolve("stdout");
        Path stderr = tmp.resolve("stderr");
        String classpath = System.getProperty("mse.classpath", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of("java", "-cp", classpath, "-Dmse.classpath=" + classpath, Mse.class.getName()));
        command.addAll(List.of(args));
        Process mse = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        assertTrue(mse.waitFor(600, TimeUnit.SECONDS), "mse did not end");
        String out = Files.readString(stdout, StandardCharsets.UTF_8);
        assertEquals(0, mse.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8) + out);
        return out;
    }

    private static void assertTimes(String out, String... figures) {
        for (String figure : figures) {
            Matcher line = Pattern.compile("(?m)^" + figure + ": (\\d+\\.\\d)$").matcher(out);
            assertTrue(line.find(), figure + " missing:\n" + out);
            assertTrue(Double.parseDouble(line.group(1)) > 0, figure + " is no time:\n" + out);
        }
    }
}
