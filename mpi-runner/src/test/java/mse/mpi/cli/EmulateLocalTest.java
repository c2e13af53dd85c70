package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Emulation with ranks folded into threads (--local): the same emulator, gateway and sockets as a
 * real mpirun run. With a deterministic task cost the prediction must not change when random real
 * delays shuffle the order in which ranks reach the emulator.
 */
class EmulateLocalTest {

    @TempDir
    Path tmp;

    private Map<String, Object> emulate(String name, String... extra) throws Exception {
        Path out = tmp.resolve(name);
        String[] base = {"emulate", "--local", "--np", "6", "--image", "40x32", "--max-iter", "300",
                "--task-points", "8", "--task-cost", "per-iteration:10ns", "--out", out.toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, Mse.commandLine().execute(args));
        return EmulationFiles.checkComplete(out, 6);
    }

    @Test
    void predictionIsIdenticalUnderChaos() throws Exception {
        Map<String, Object> calm = emulate("calm");
        Map<String, Object> chaotic = emulate("chaos", "--chaos-delay-ms", "3");
        assertEquals(CountImage.sequential(new ImageSpec(40, 32, -2, 1, -1.5, 1.5, 300)).checksum(), calm.get("checksum"));
        assertEquals(calm.get("checksum"), chaotic.get("checksum"));
        assertEquals(calm.get("predictedSeconds"), chaotic.get("predictedSeconds"));
        assertEquals(calm.get("breakdown"), chaotic.get("breakdown"));
        assertEquals(calm.get("latency"), chaotic.get("latency"));
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "strategy {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"single", "multi", "dynamic"})
    void sameInputsGiveIdenticalPredictionsForEachStrategy(String strategy) throws Exception {
        Map<String, Object> first = emulate(strategy + "-1", "--strategy", strategy, "--masters", "2");
        Map<String, Object> second = emulate(strategy + "-2", "--strategy", strategy, "--masters", "2", "--chaos-delay-ms", "2");
        assertEquals(first.get("predictedSeconds"), second.get("predictedSeconds"));
        assertEquals(first.get("perMaster"), second.get("perMaster"));
    }

    @Test
    void multipleMastersAndEpRunEmulated() throws Exception {
        Map<String, Object> ml = emulate("ml", "--strategy", "multi", "--masters", "2");
        assertEquals(2, ml.get("masters"));
        // Pm groups really use Pm masters: ranks 0 and 3 (6 ranks, 2 groups) each have their own breakdown.
        List<?> perMaster = (List<?>) ml.get("perMaster");
        assertEquals(List.of(0, 3), perMaster.stream().map(m -> ((Map<?, ?>) m).get("rank")).toList());
        for (Object m : perMaster) {
            assertTrue(((Number) ((Map<?, ?>) m).get("busyFraction")).doubleValue() > 0);
            assertTrue(((Map<?, ?>) ((Map<?, ?>) m).get("slaveWaitMicros")).get("count") instanceof Number);
        }
        assertTrue(java.nio.file.Files.exists(tmp.resolve("ml/histograms/master-3-slave-wait.hgrm")));
        assertEquals(CountImage.sequential(new ImageSpec(40, 32, -2, 1, -1.5, 1.5, 300)).checksum(), ml.get("checksum"));
        Map<String, Object> ep = emulate("ep", "--app", "ep", "--ep-tasks", "24", "--ep-pairs", "500");
        assertEquals(24, ep.get("tasks"));
    }
}
