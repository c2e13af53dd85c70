package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/architecture.md "Determinism": replaying a live run's trace gives its prediction, in `real` mode too, where the
 * master's own work per result is charged live: tasks.csv records it (masterCpuNanos) and `predict --trace` charges
 * it again, so the two agree within 2%. Both figures are virtual times computed from the same measured CPU times.
 */
class RealTraceReplayTest {

    private static final String[] WORKLOAD = {"--np", "6", "--image", "128x64", "--max-iter", "300", "--task-points", "16",
            "--task-cost", "real"};

    @TempDir
    Path tmp;

    private Map<String, Object> run(String name, String command, String... more) throws Exception {
        Path out = tmp.resolve(name);
        List<String> argv = new java.util.ArrayList<>(List.of(command));
        argv.addAll(List.of(WORKLOAD));
        argv.addAll(List.of(more));
        argv.addAll(List.of("--out", out.toString()));
        assertEquals(0, Mse.commandLine().execute(argv.toArray(String[]::new)), String.join(" ", argv));
        return JsonFile.read(out.resolve("summary.json"));
    }

    @Test
    void liveRealRunAndReplayOfItsTraceAgreeWithinTwoPercent() throws Exception {
        Map<String, Object> live = run("live", "emulate", "--local");
        Path trace = tmp.resolve("live").resolve("tasks.csv");
        List<String> rows = Files.readAllLines(trace);
        assertTrue(rows.get(0).endsWith(",masterCpuNanos"), rows.get(0));
        long masterCpu = rows.stream().skip(1).mapToLong(r -> Long.parseLong(r.substring(r.lastIndexOf(',') + 1))).sum();
        assertTrue(masterCpu > 0, "the master's work per result is recorded");
        Map<String, Object> replay = run("replay", "predict", "--trace", trace.toString());
        double emulated = ((Number) live.get("predictedSeconds")).doubleValue();
        Map<?, ?> point = (Map<?, ?>) ((List<?>) replay.get("points")).get(0);
        double replayed = ((Number) point.get("predictedSeconds")).doubleValue();
        assertEquals(emulated, replayed, emulated * 0.02, "live " + emulated + " s, replay of its trace " + replayed + " s");
    }
}
