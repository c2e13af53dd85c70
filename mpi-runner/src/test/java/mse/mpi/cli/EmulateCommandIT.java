package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.apps.mase.CountImage;
import mse.mpi.apps.mase.ImageSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Live emulation with real mpirun and real Open MPI Java ranks reporting to the emulator. */
class EmulateCommandIT {

    private static final ImageSpec IMAGE = new ImageSpec(64, 48, -2, 1, -1.5, 1.5, 400);

    @TempDir
    Path tmp;

    private Map<String, Object> emulate(Path out, int np, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("emulate", "--np", Integer.toString(np), "--image", "64x48",
                "--max-iter", "400", "--task-points", "16", "--out", out.toString(), "--timeout", "300"));
        args.addAll(List.of(extra));
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)));
        return EmulationFiles.checkComplete(out, np);
    }

    @ParameterizedTest(name = "mpirun -np {0}, measured CPU")
    @ValueSource(ints = {4, 8})
    void realMpirunEmulationKeepsTheChecksumAndWritesEverything(int np) throws Exception {
        Map<String, Object> s = emulate(tmp.resolve("np" + np), np);
        assertEquals(CountImage.sequential(IMAGE).checksum(), s.get("checksum"));
        assertEquals("emulate", s.get("command"));
        assertEquals("mpich-fast-ethernet", s.get("profile"));
        assertWithinClosedFormBounds(s, tmp.resolve("np" + np), np);
    }

    /**
     * Real mode end to end: tasks long enough (256 points up to 20,000 iterations) that a result waits on slaves
     * still computing, so the emulator asks them for their CPU and takes their heartbeats as lower bounds; the
     * prediction still lies in the closed-form band. A deterministic mode never asks.
     */
    @Test
    @SuppressWarnings("unchecked")
    void realModeHeartbeatsCarryCpuProgressToTheKernel() throws Exception {
        Path real = tmp.resolve("heartbeats");
        List<String> args = List.of("emulate", "--np", "4", "--image", "64x48", "--max-iter", "20000", "--task-points", "256",
                "--out", real.toString(), "--timeout", "300");
        assertEquals(0, Mse.commandLine().execute(args.toArray(String[]::new)));
        Map<String, Object> s = EmulationFiles.checkComplete(real, 4);
        long slaveBounds = ((List<Map<String, Object>>) s.get("ranks")).stream().skip(1)
                .mapToLong(r -> ((Number) r.get("lowerBounds")).longValue()).sum();
        assertTrue(slaveBounds > 0, "no slave heartbeat with CPU reached the kernel: " + s.get("ranks"));
        assertWithinClosedFormBounds(s, real, 4);

        Map<String, Object> fixed = emulate(tmp.resolve("fixed"), 4, "--task-cost", "per-iteration:10ns");
        assertTrue(((List<Map<String, Object>>) fixed.get("ranks")).stream()
                .allMatch(r -> ((Number) r.get("lowerBounds")).longValue() == 0), "a deterministic run asked for CPU: " + fixed.get("ranks"));
    }

    /**
     * Bounds that follow from the run's own inputs (tasks.csv and the master's breakdown), whatever the CPU:
     * the run lasts at least until its last task ends, at least the master's busy time, and at least the slaves'
     * CPU spread evenly over np - 1 of them; at most everything serialised, i.e. every task's CPU, the master's
     * busy time and, per task, the longest a slave waited for it.
     */
    @SuppressWarnings("unchecked")
    private static void assertWithinClosedFormBounds(Map<String, Object> s, Path dir, int np) throws Exception {
        double predicted = ((Number) s.get("predictedSeconds")).doubleValue();
        List<String> rows = java.nio.file.Files.readAllLines(dir.resolve("tasks.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        long cpu = 0;
        long lastEnd = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",");
            cpu += Long.parseLong(cells[header.indexOf("cpuNanos")]);
            lastEnd = Math.max(lastEnd, Long.parseLong(cells[header.indexOf("virtualEndNanos")]));
        }
        assertEquals(((Number) s.get("tasks")).intValue(), rows.size() - 1);
        assertEquals(cpu / 1e9, ((Number) s.get("sequentialSeconds")).doubleValue(), 1e-9);
        Map<String, Object> master = (Map<String, Object>) ((Map<String, Object>) s.get("breakdown")).get("master");
        double busy = 0;
        for (String key : List.of("sendSeconds", "recvSeconds", "computeSeconds")) {
            busy += ((Number) master.get(key)).doubleValue();
        }
        Map<String, Object> wait = (Map<String, Object>) ((Map<String, Object>) s.get("latency")).get("slaveWaitMicros");
        double waits = ((Number) wait.get("count")).intValue() * ((Number) wait.get("max")).doubleValue() / 1e6;
        double epsilon = 1e-9;
        assertTrue(predicted >= lastEnd / 1e9 - epsilon, predicted + " s ends before the last task, " + lastEnd + " ns");
        assertTrue(predicted >= busy - epsilon, predicted + " s is less than the master's busy " + busy + " s");
        assertTrue(predicted >= cpu / 1e9 / (np - 1) - epsilon, predicted + " s beats " + (np - 1) + " slaves' CPU " + cpu + " ns");
        assertTrue(predicted <= cpu / 1e9 + busy + waits + epsilon, predicted + " s exceeds the serialised bound");
    }

    @ParameterizedTest(name = "mpirun -np 8, strategy {0}")
    @ValueSource(strings = {"single", "multi", "dynamic"})
    void everyStrategyKeepsTheChecksumOverRealMpirun(String strategy) throws Exception {
        Map<String, Object> s = emulate(tmp.resolve(strategy), 8, "--strategy", strategy, "--masters", "2",
                "--task-cost", "per-iteration:10ns");
        assertEquals(CountImage.sequential(IMAGE).checksum(), s.get("checksum"));
        assertEquals(strategy, s.get("strategy"));
    }

    /**
     * --prefetch 2 over real mpirun: the image is intact, summary.json says prefetch 2, and with a
     * deterministic cost the prediction is emulate --local's to the nanosecond, for SI and for DY (which splits).
     */
    @ParameterizedTest(name = "mpirun -np 6, strategy {0}, prefetch 2")
    @ValueSource(strings = {"single", "dynamic"})
    void prefetchingSlavesOverRealMpirunPredictAsThreads(String strategy) throws Exception {
        String[] options = {"--strategy", strategy, "--prefetch", "2", "--task-cost", "per-iteration:10ns", "--split-wait", "1us",
                "--split-window", "2"};
        Map<String, Object> mpirun = emulate(tmp.resolve(strategy + "-k2"), 6, options);
        List<String> local = new java.util.ArrayList<>(List.of(options));
        local.add("--local");
        Map<String, Object> threads = emulate(tmp.resolve(strategy + "-k2-local"), 6, local.toArray(String[]::new));
        assertEquals(CountImage.sequential(IMAGE).checksum(), mpirun.get("checksum"));
        assertEquals(2, mpirun.get("prefetch"));
        assertEquals(threads.get("predictedSeconds"), mpirun.get("predictedSeconds"));
        assertEquals(threads.get("breakdown"), mpirun.get("breakdown"));
    }

    @Test
    void deterministicCostGivesTheSamePredictionUnderChaosAndAsThreads() throws Exception {
        Map<String, Object> calm = emulate(tmp.resolve("calm"), 6, "--task-cost", "per-iteration:10ns");
        Map<String, Object> chaos = emulate(tmp.resolve("chaos"), 6, "--task-cost", "per-iteration:10ns", "--chaos-delay-ms", "3");
        Map<String, Object> local = emulate(tmp.resolve("local"), 6, "--task-cost", "per-iteration:10ns", "--local");
        for (Map<String, Object> other : List.of(chaos, local)) {
            assertEquals(calm.get("predictedSeconds"), other.get("predictedSeconds"));
            assertEquals(calm.get("breakdown"), other.get("breakdown"));
            assertEquals(calm.get("latency"), other.get("latency"));
        }
    }

    @Test
    void usersOwnMpirunWithRankZeroHostingTheEmulatorPredictsTheSame() throws Exception {
        Map<String, Object> viaCli = emulate(tmp.resolve("cli"), 4, "--task-cost", "per-iteration:10ns");
        Path out = tmp.resolve("hosted");
        List<String> args = new java.util.ArrayList<>(List.of("--image", "64x48", "--max-iter", "400", "--task-points", "16",
                "--emulate", "--profile", "mpich-fast-ethernet", "--task-cost", "per-iteration:10ns", "--out", out.toString()));
        mse.mpi.launch.MpiJob.run(mse.mpi.launch.MpirunCommand.local(4, mse.mpi.launch.MpirunCommand.rankClasspath(),
                mse.mpi.apps.RankMain.class.getName(), args), java.time.Duration.ofMinutes(5));
        Map<String, Object> hosted = EmulationFiles.checkComplete(out, 4);
        assertEquals(viaCli.get("predictedSeconds"), hosted.get("predictedSeconds"));
        assertEquals(viaCli.get("checksum"), hosted.get("checksum"));
    }

    @Test
    void resultsLargerThanTheEagerLimitDoNotDeadlock() throws Exception {
        // 16 KiB results: Open MPI would hold such a standard send until the master receives it, while the
        // emulator grants that receive only once the sender can no longer send anything earlier.
        List<String> big = List.of("emulate", "--image", "256x64", "--max-iter", "200", "--task-points", "4096",
                "--task-cost", "per-iteration:10ns", "--timeout", "240");
        Path mpirun = tmp.resolve("big-mpirun");
        Path local = tmp.resolve("big-local");
        List<String> a = new java.util.ArrayList<>(big);
        a.addAll(List.of("--np", "4", "--out", mpirun.toString()));
        assertEquals(0, Mse.commandLine().execute(a.toArray(String[]::new)));
        List<String> b = new java.util.ArrayList<>(big);
        b.addAll(List.of("--np", "4", "--local", "--out", local.toString()));
        assertEquals(0, Mse.commandLine().execute(b.toArray(String[]::new)));
        assertEquals(JsonFile.read(local.resolve("summary.json")).get("predictedSeconds"),
                JsonFile.read(mpirun.resolve("summary.json")).get("predictedSeconds"));
    }

    @Test
    void theReadmeExampleRunsPlainAndEmulatedUnderItsOwnMpirun() throws Exception {
        String main = mse.mpi.apps.example.PrimeCount.class.getName();
        String cp = mse.mpi.launch.MpirunCommand.rankClasspath();
        mse.mpi.launch.MpiJob.run(mse.mpi.launch.MpirunCommand.local(3, cp, main, List.of("--limit", "200000")),
                java.time.Duration.ofMinutes(3));
        Path out = tmp.resolve("prime-count");
        mse.mpi.launch.MpiJob.run(mse.mpi.launch.MpirunCommand.local(3, cp, main, List.of("--limit", "200000",
                "--emulate", "--task-cost", "fixed:1ms", "--out", out.toString())), java.time.Duration.ofMinutes(3));
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertEquals("17984", s.get("checksum"));
        assertEquals("prime-count", s.get("app"));
        // 10 tasks of 1 ms on 2 slaves, plus messages: at least 5 ms of virtual time.
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() >= 0.005);
    }

    @Test
    void sweepFindsTheSaturationPoint() throws Exception {
        Path out = tmp.resolve("sweep");
        assertEquals(0, Mse.commandLine().execute("sweep", "--np", "2,4,8", "--image", "64x48", "--max-iter", "400",
                "--task-points", "16", "--task-cost", "per-iteration:10ns", "--out", out.toString()));
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        List<?> points = (List<?>) s.get("points");
        assertEquals(3, points.size());
        Map<?, ?> best = (Map<?, ?>) s.get("best");
        double least = points.stream().mapToDouble(p -> ((Number) ((Map<?, ?>) p).get("predictedSeconds")).doubleValue()).min().orElseThrow();
        assertEquals(least, ((Number) best.get("predictedSeconds")).doubleValue());
        EmulationFiles.checkComplete(out.resolve("np-8"), 8);
    }
}
