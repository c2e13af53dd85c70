package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import mse.mpi.apps.strategy.TestLockstep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A strategy with a program and a simulator of its own, added by docs/extending.md's checklist ("Adding a
 * strategy"): the test-only {@link TestLockstep}. `emulate --local` runs its program, `predict --sample all` its
 * simulator, and with a deterministic task cost they agree to the nanosecond, as the built-in strategies do
 * (PredictAgreementTest); replaying the live run's tasks.csv does too, and predict refuses what the simulator does not
 * follow by name.
 */
class StrategyExtensionTest {

    private static final String[] MASE = {"--strategy", TestLockstep.NAME, "--image", "40x32", "--max-iter", "300",
            "--task-points", "8", "--task-cost", "per-iteration:10ns"};

    @TempDir
    Path tmp;

    @Test
    void emulateAndPredictAgreeToTheNanosecondUnderItsOwnProgramAndSimulator() throws Exception {
        Map<String, Object> predicted = run("predict", "predict", "--np", "3,5", "--sample", "all");
        for (int np : new int[] {3, 5}) {
            Map<String, Object> live = run("emulate-" + np, "emulate", "--local", "--np", Integer.toString(np));
            assertEquals(CountImage.sequential(new ImageSpec(40, 32, -2, 1, -1.5, 1.5, 300)).checksum(), live.get("checksum"));
            double emulated = ((Number) live.get("predictedSeconds")).doubleValue();
            assertEquals(emulated, predictedAt(predicted, np), 1e-9, "np " + np);
            Map<String, Object> replay = run("replay-" + np, "predict", "--np", Integer.toString(np),
                    "--trace", tmp.resolve("emulate-" + np).resolve("tasks.csv").toString());
            assertEquals(emulated, predictedAt(replay, np), 1e-9, "replay, np " + np);
        }
    }

    @Test
    void predictRefusesWhatItsSimulatorDoesNotFollow() {
        List<String> args = new ArrayList<>(List.of("predict", "--np", "3", "--sample", "all", "--prefetch", "2"));
        args.addAll(Arrays.asList(MASE));
        args.addAll(List.of("--out", tmp.resolve("refused").toString()));
        assertTrue(BadInputFilesTest.runExpectingBadInput(args).contains("--prefetch: " + TestLockstep.NAME));
    }

    private Map<String, Object> run(String name, String... head) throws Exception {
        Path out = tmp.resolve(name);
        List<String> args = new ArrayList<>(Arrays.asList(head));
        args.addAll(Arrays.asList(MASE));
        args.addAll(List.of("--out", out.toString()));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)), String.join(" ", args));
        return JsonFile.read(out.resolve("summary.json"));
    }

    private static double predictedAt(Map<String, Object> sweep, int np) {
        return ((List<?>) sweep.get("points")).stream().map(p -> (Map<?, ?>) p)
                .filter(p -> ((Number) p.get("np")).intValue() == np)
                .map(p -> ((Number) p.get("predictedSeconds")).doubleValue()).findFirst().orElseThrow();
    }
}
