package mse.emulator.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import mse.cluster.fuzz.TextMutations;
import java.util.regex.Pattern;
import mse.emulator.analytic.LoopRun;
import mse.emulator.analytic.LoopRunsCsv;
import mse.emulator.sim.TaskTrace;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * tasks.csv (predict --trace) and runs.csv (model loop --fit) under mutated and random input: each either reads
 * to sane values or fails with an IllegalArgumentException that names the line (or says why the file as a whole
 * is unusable), never with a NumberFormatException, an index out of bounds or an UncheckedIOException.
 */
class CsvReadersFuzzTest {

    private static final String TASKS = """
            task,order,slave,cpuNanos,virtualStartNanos,virtualEndNanos
            0,0,1,1200,100,1300
            1,1,2,900,100,1000
            2,2,1,1500,1400,2900
            3,3,2,800,1100,1900
            """;

    private static final String RUNS = """
            # loop runs
            slaves,flops,sends,send_bytes,broadcasts,broadcast_bytes,seconds
            1,1250000,400,80000,20,40000,0.049110
            1,5000000,600,240000,20,80000,0.108245
            2,11250000,800,480000,20,120000,0.194422
            """;

    private static final Pattern NAMES_A_LINE = Pattern.compile(".*(line \\d+|:\\d+:).*");
    private static Path dir;

    @BeforeContainer
    static void createDirectory() throws IOException {
        dir = Files.createTempDirectory("mse-csv-fuzz");
    }

    @AfterContainer
    static void deleteDirectory() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    @Property(tries = 500)
    void mutatedTaskTracesFailWithALineNumber(@ForAll("mutatedTasks") String text) throws IOException {
        readTrace(text.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 200)
    void randomBytesAsATaskTraceFailCleanly(@ForAll("bytes") byte[] bytes) throws IOException {
        byte[] withHeader = (TASKS.lines().findFirst().orElseThrow() + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] joined = new byte[withHeader.length + bytes.length];
        System.arraycopy(withHeader, 0, joined, 0, withHeader.length);
        System.arraycopy(bytes, 0, joined, withHeader.length, bytes.length);
        readTrace(joined);
        readTrace(bytes);
    }

    @Property(tries = 500)
    void mutatedLoopRunsFailWithALineNumber(@ForAll("mutatedRuns") String text, @ForAll boolean needSeconds) throws IOException {
        readRuns(text.getBytes(StandardCharsets.UTF_8), needSeconds);
    }

    @Property(tries = 200)
    void randomBytesAsLoopRunsFailCleanly(@ForAll("bytes") byte[] bytes) throws IOException {
        readRuns(bytes, true);
    }

    @Provide
    Arbitrary<String> mutatedTasks() {
        return TextMutations.of(TASKS, 3).map(CsvReadersFuzzTest::withExtremeNumbers);
    }

    @Provide
    Arbitrary<String> mutatedRuns() {
        return TextMutations.of(RUNS, 3).map(CsvReadersFuzzTest::withExtremeNumbers);
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
    }

    /** Sometimes swaps a number for one at the edge of long/double range, or a negative one. */
    private static String withExtremeNumbers(String text) {
        Random random = new Random(text.hashCode());
        String[] extremes = {"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", "1e400", "NaN", "-0", "0x10"};
        return random.nextInt(3) == 0 ? text.replaceFirst("\\b1\\d*\\b", extremes[random.nextInt(extremes.length)]) : text;
    }

    private static void readTrace(byte[] content) throws IOException {
        Path file = Files.write(dir.resolve("tasks.csv"), content);
        try {
            TaskTrace trace = TaskTrace.read(file);
            for (int i = 0; i < trace.tasks(); i++) {
                assertTrue(trace.cpuNanos()[i] >= 0 && trace.chargedNanos()[i] >= 0, "task " + i + " read with a negative cost");
            }
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith(file.toString()) && NAMES_A_LINE.matcher(e.getMessage()).matches(),
                    "names the file and line: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new AssertionError("not a clean IllegalArgumentException: " + e, e);
        }
    }

    private static void readRuns(byte[] content, boolean needSeconds) throws IOException {
        Path file = Files.write(dir.resolve("runs.csv"), content);
        try {
            List<LoopRun> runs = LoopRunsCsv.read(file, needSeconds);
            assertTrue(!runs.isEmpty());
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith(file.toString()), "names the file: " + e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new AssertionError("not a clean IllegalArgumentException: " + e, e);
        }
    }
}
