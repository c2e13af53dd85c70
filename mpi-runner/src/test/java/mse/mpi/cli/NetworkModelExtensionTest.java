package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mse.cluster.profiles.CpuProfile;
import mse.cluster.profiles.ProfileLoader;
import mse.cluster.profiles.ProfileWriter;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.model.NetworkModel;
import mse.mpi.JsonFile;
import mse.mpi.network.SwitchedModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A network model added by the checklist (docs/extending.md, "Adding a network model"): the test-only
 * {@link SwitchedModel}, one class and one registration line, with a parameter LogGPS lacks that the model reads
 * from the profile itself. `emulate` and `predict` take it end to end and agree to the nanosecond under it, its
 * parameter changes their prediction, the profile writer keeps it, and a bad value of it is one line naming file,
 * key and line, exit code 2, before anything is written.
 */
class NetworkModelExtensionTest {

    private static final String[] WORKLOAD = {"--image", "40x32", "--max-iter", "300", "--task-points", "8",
            "--task-cost", "per-iteration:10ns"};

    @TempDir
    Path tmp;

    @Test
    void emulateAndPredictAgreeUnderARegisteredModelAndItsParameterCounts() throws Exception {
        Path switched = profile("switched.conf", "  model = switched\n  switch-delay-us = 200\n");
        double live = predictedSeconds(run("emulate", "--local", "--np", "4", "--profile", switched.toString()));
        double predicted = predictedSeconds(run("predict", "--np", "4", "--sample", "all", "--profile", switched.toString()));
        assertEquals(live, predicted, 1e-9, "emulate and predict share every cost rule of the model");
        double logGps = predictedSeconds(run("predict", "--np", "4", "--sample", "all", "--profile", "mpich-fast-ethernet"));
        assertNotEquals(logGps, predicted, "the switch's delay is charged");
        Path noDelay = profile("no-delay.conf", "  model = switched\n  switch-delay-us = 0\n");
        assertEquals(logGps, predictedSeconds(run("predict", "--np", "4", "--sample", "all", "--profile", noDelay.toString())),
                1e-12, "with no delay the model is LogGPS");
    }

    @Test
    void theModelReadsItsOwnParameterAndTheWriterKeepsIt() throws Exception {
        TargetProfile target = ProfileLoader.fromFile(profile("switched.conf", "  model = switched\n  switch-delay-us = 200\n"));
        assertEquals("switched", target.network().model().spelling());
        assertEquals(200.0, target.network().parameters().nonNegative("switch-delay-us"));
        NetworkModel plain = NetworkModel.of(ProfileLoader.load("mpich-fast-ethernet").network(), 4);
        assertEquals(plain.latencyNanos() + 200_000, NetworkModel.of(target.network(), 4).latencyNanos());
        String written = ProfileWriter.render(new TargetProfile(target.network(), new CpuProfile(1.0), "test"), List.of());
        assertEquals(target.network(), ProfileLoader.parse(written, "written.conf").network(), written);
    }

    @Test
    void aBadParameterOfTheModelIsOneLineNamingFileKeyAndLine() throws Exception {
        Path negative = profile("negative-delay.conf", "  model = switched\n  switch-delay-us = -3\n");
        String line = lineOf(negative, "switch-delay-us");
        for (String command : List.of("predict", "emulate")) {
            assertEquals("mse: " + negative + ":" + line + ": network.switch-delay-us: expected a number >= 0, got -3",
                    badInput(command, "--np", "2", "--profile", negative.toString()));
        }
        Path missing = profile("missing-delay.conf", "  model = switched\n");
        assertTrue(badInput("predict", "--np", "2", "--profile", missing.toString()).endsWith("network.switch-delay-us: missing"));
        Path misspelt = profile("misspelt.conf", "  model = switched\n  switch-delay-us = 1\n  switch-dealy-us = 1\n");
        assertTrue(badInput("emulate", "--np", "2", "--profile", misspelt.toString())
                .contains(":" + lineOf(misspelt, "switch-dealy-us") + ": network.switch-dealy-us: unknown key"));
        Path logGpsWithIt = profile("loggps-delay.conf", "  switch-delay-us = 1\n");
        assertTrue(badInput("predict", "--np", "2", "--profile", logGpsWithIt.toString())
                .contains("network.switch-delay-us: unknown key"), "LogGPS has no such parameter");
        assertFalse(Files.exists(tmp.resolve("results")), "nothing written before the input was refused");
    }

    /** The MSE preset with `lines` added to its network { }, written to `name`. */
    private Path profile(String name, String lines) throws IOException {
        String preset;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("profiles/mpich-fast-ethernet.conf")) {
            preset = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String text = preset.replace("network {\n", "network {\n" + lines);
        Path file = tmp.resolve(name);
        Files.writeString(file, text.replaceAll("(?m)^\\s*model = loggps.*\\n", ""));
        return file;
    }

    private static String lineOf(Path file, String key) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(key + " ")) {
                return Integer.toString(i + 1);
            }
        }
        throw new AssertionError(key + " not in " + file);
    }

    private Map<String, Object> run(String... head) throws Exception {
        Path out = tmp.resolve("run-" + Arrays.hashCode(head));
        List<String> args = new ArrayList<>(Arrays.asList(head));
        args.addAll(Arrays.asList(WORKLOAD));
        args.addAll(List.of("--out", out.toString()));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)), String.join(" ", args));
        return JsonFile.read(out.resolve("summary.json"));
    }

    /** emulate's predictedSeconds, or predict's at its only point. */
    private static double predictedSeconds(Map<String, Object> summary) {
        Object value = summary.containsKey("points")
                ? ((Map<?, ?>) ((List<?>) summary.get("points")).get(0)).get("predictedSeconds")
                : summary.get("predictedSeconds");
        return ((Number) value).doubleValue();
    }

    private String badInput(String... head) {
        List<String> args = new ArrayList<>(Arrays.asList(head));
        args.addAll(List.of("--out", tmp.resolve("results").toString()));
        return BadInputFilesTest.runExpectingBadInput(args);
    }
}
