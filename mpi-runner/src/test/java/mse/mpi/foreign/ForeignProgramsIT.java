package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mse.mpi.JsonFile;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Foreign programs (C, unmodified) emulated through the interposition library under real mpirun: the same prediction
 * as MSE's own Java ranks for the same messages, a closed form, what summary.json holds without tasks, and every way
 * such a run can fail ending it with the cause named and nothing left running.
 */
class ForeignProgramsIT {

    @TempDir
    Path tmp;

    /**
     * The C farm through the interposition library and its Java twin through EmulatedComm send the same messages and
     * report the same tasks: in a deterministic mode the two predictions must be the same double, and so must every
     * rank's breakdown.
     */
    @Test
    void theCFarmAndItsJavaTwinPredictTheSameToTheBit() throws Exception {
        Path farm = ForeignRuns.compile("fixed-farm", tmp);
        Path c = tmp.resolve("c");
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", "4", "--task-cost", "per-iteration:10us",
                "--timeline", "off", "--quiet", "--out", c.toString(), "--", farm.toString(), "96"));
        assertEquals(0, emulated.exit(), emulated.output());

        Path java = tmp.resolve("java");
        List<String> twin = MpirunCommand.local(4, MpirunCommand.rankClasspath(), FixedFarm.class.getName(),
                List.of("--tasks", "96", "--emulate", "--task-cost", "per-iteration:10us", "--timeline", "off",
                        "--out", java.toString())).arguments();
        ForeignRuns.Result hosted = ForeignRuns.run(twin, Map.of(), 300);
        assertEquals(0, hosted.exit(), hosted.output());

        assertSamePrediction(c, java);
    }

    /**
     * MPI_Gatherv through the library is charged as the Java Comm's gather of the same blocks: each round's blocks of
     * 0 to 160 bytes go up the same tree to a root that moves round the ranks, as the same entries. In a deterministic
     * mode the C program and its Java twin must predict the same double.
     */
    @Test
    void aCGathervAndTheJavaGatherOfTheSameBlocksPredictTheSameToTheBit() throws Exception {
        Path rounds = ForeignRuns.compile("gatherv-rounds", tmp);
        Path c = tmp.resolve("c");
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", "5", "--task-cost", "per-iteration:10us",
                "--timeline", "off", "--quiet", "--out", c.toString(), "--", rounds.toString(), "12"));
        assertEquals(0, emulated.exit(), emulated.output());
        assertTrue(emulated.stdout().startsWith("gatherv-rounds: 12 rounds, 4800 bytes gathered"), emulated.output());

        Path java = tmp.resolve("java");
        List<String> twin = MpirunCommand.local(5, MpirunCommand.rankClasspath(), GathervRounds.class.getName(),
                List.of("--rounds", "12", "--emulate", "--task-cost", "per-iteration:10us", "--timeline", "off",
                        "--out", java.toString())).arguments();
        ForeignRuns.Result hosted = ForeignRuns.run(twin, Map.of(), 300);
        assertEquals(0, hosted.exit(), hosted.output());
        assertSamePrediction(c, java);
    }

    private static void assertSamePrediction(Path c, Path java) throws Exception {
        Map<String, Object> fromC = JsonFile.read(c.resolve("summary.json"));
        Map<String, Object> fromJava = JsonFile.read(java.resolve("summary.json"));
        assertEquals(fromJava.get("predictedSeconds"), fromC.get("predictedSeconds"));
        assertEquals(fromJava.get("breakdown"), fromC.get("breakdown"));
        assertEquals(fromJava.get("tasks"), fromC.get("tasks"));
        // Every column but the host: the hosted emulator names ranks by their address, the launcher by the hostfile's name.
        assertEquals(withoutHost(java.resolve("breakdown.csv")), withoutHost(c.resolve("breakdown.csv")));
    }

    /**
     * One slave, N tasks of c = 200 us, L = 50 us, o_s = o_r = 10 us and nothing per byte or per process: every task
     * costs the slave its own round trip, T = N (4o + 2L + c) + 2o + L (the stop message), as for the Java farm
     * (PrefetchClosedFormTest).
     */
    /**
     * The command runs where the user calls it (./run.sh starts it in the caller's directory): a relative PROGRAM, the
     * program's relative input and output, and a relative --out all resolve in that directory, for every rank.
     */
    @Test
    void aProgramRunsInTheDirectoryTheCommandIsCalledFrom() throws Exception {
        Path mine = Files.createDirectories(tmp.resolve("mywork"));
        ForeignRuns.compile("in-my-directory", mine);
        Files.writeString(mine.resolve("input.dat"), "40\n");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", "results/mine", "--", "./in-my-directory"), 400, mine);
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.stdout().startsWith("read 40, wrote 123\n"), r.stdout());
        assertEquals("123\n", Files.readString(mine.resolve("output.dat")));
        assertTrue(Files.isRegularFile(mine.resolve("results/mine/summary.json")), "results in the caller's directory");
    }

    /**
     * MSE's table starts on a line of its own after everything the program printed: after output with no final
     * newline (emulate), and in a sweep after every point's output rather than row by row between its lines.
     */
    @Test
    void theTablesComeAfterTheProgramsOutputOnALineOfTheirOwn() throws Exception {
        Path program = ForeignRuns.compile("no-newline", tmp);
        ForeignRuns.Result one = ForeignRuns.mse(List.of("emulate", "--np", "2", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("one").toString(), "--", program.toString()));
        assertEquals(0, one.exit(), one.output());
        assertTrue(one.stdout().contains("done, no newline\nprogram " + program + ", np 2"), one.stdout());

        ForeignRuns.Result sweep = ForeignRuns.mse(List.of("sweep", "--np", "2,3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("sweep").toString(), "--", program.toString()));
        assertEquals(0, sweep.exit(), sweep.output());
        String out = sweep.stdout();
        int header = out.indexOf("strategy ");
        assertTrue(header > 0 && out.lastIndexOf("rank ") < header && out.lastIndexOf("done, no newline") < header
                && out.charAt(header - 1) == '\n', out);
        assertEquals(2, out.lines().filter(l -> l.startsWith("program ")).count(), "one row a point: " + out);
    }

    @Test
    void aSlaveBoundCFarmHitsItsClosedForm() throws Exception {
        Path farm = ForeignRuns.compile("fixed-farm", tmp);
        Path profile = tmp.resolve("round-trip.conf");
        Files.copy(java.util.Objects.requireNonNull(getClass().getResourceAsStream("/profiles/round-trip.conf")), profile);
        Path out = tmp.resolve("closed-form");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "2", "--task-cost", "fixed:200us", "--profile",
                profile.toString(), "--timeline", "off", "--quiet", "--out", out.toString(), "--", farm.toString(), "20"));
        assertEquals(0, r.exit(), r.output());
        long n = 20;
        long c = 200_000;
        long l = 50_000;
        long o = 10_000;
        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        assertEquals(n * (4 * o + 2 * l + c) + 2 * o + l, Math.round(((Number) s.get("predictedSeconds")).doubleValue() * 1e9));
    }

    /**
     * Without task reports summary.json has the run's keys and none that needs tasks (tasks, checksum, speedup,
     * sequentialSeconds, tasks.csv); with them tasks, speedup and tasks.csv come back. The program's stdout reaches
     * the console as it would plainly.
     */
    @Test
    void aProgramWithoutTaskReportsHasNoTaskKeysAndItsOutputIsUnchanged() throws Exception {
        Path pingpong = ForeignRuns.example("pingpong");
        Path out = tmp.resolve("pingpong-results");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--out", out.toString(), "--",
                pingpong.toString(), "50", "1000"));
        assertEquals(0, r.exit(), r.output());
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(3, List.of(pingpong.toString(), "50", "1000")).arguments(),
                Map.of(), 120);
        assertEquals(0, plain.exit(), plain.output());
        assertTrue(r.stdout().startsWith(plain.stdout()), "emulated:\n" + r.stdout() + "\nplain:\n" + plain.stdout());

        Map<String, Object> s = JsonFile.read(out.resolve("summary.json"));
        for (String absent : List.of("tasks", "checksum", "speedup", "sequentialSeconds", "strategy", "prefetch")) {
            assertFalse(s.containsKey(absent), absent + " in " + s.keySet());
        }
        assertEquals(List.of(pingpong.toString(), "50", "1000"), s.get("program"));
        assertEquals("pingpong", s.get("app"));
        assertTrue(((Number) s.get("predictedSeconds")).doubleValue() > 0, s.toString());
        assertFalse(Files.exists(out.resolve("tasks.csv")));
        for (String file : List.of("breakdown.csv", "report.html", "timeline.json", "histograms/master-queue-wait.hgrm")) {
            assertTrue(Files.exists(out.resolve(file)), file);
        }

        Path farm = ForeignRuns.compile("fixed-farm", tmp);
        Path withTasks = tmp.resolve("with-tasks");
        ForeignRuns.Result f = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off", "--out",
                withTasks.toString(), "--", farm.toString(), "30"));
        assertEquals(0, f.exit(), f.output());
        Map<String, Object> t = JsonFile.read(withTasks.resolve("summary.json"));
        assertEquals(30, t.get("tasks"));
        assertTrue(t.containsKey("speedup") && t.containsKey("sequentialSeconds"), t.keySet().toString());
        assertFalse(t.containsKey("checksum"));
        assertEquals(31, Files.readAllLines(withTasks.resolve("tasks.csv")).size());
    }

    @Test
    void aDeterministicModeOfAProgramThatReportsNoTaskNamesTheFix() throws Exception {
        Path pingpong = ForeignRuns.example("pingpong");
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "2", "--task-cost", "fixed:1ms", "--quiet",
                "--timeline", "off", "--out", tmp.resolve("det").toString(), "--", pingpong.toString(), "5"));
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.stderr().contains("MSE_Task_done"), r.stderr());
        assertFalse(Files.exists(tmp.resolve("det/summary.json")));
    }

    @Test
    void aRefusedCallEndsTheRunAtOnceNamingTheCallAndTheRank() throws Exception {
        Path refuses = ForeignRuns.compile("refuses", tmp);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("refused").toString(), "--", refuses.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("MPI_Comm_spawn is not emulated by MSE: dynamic processes are not modelled")
                && r.output().contains("rank 1"), r.output());
        assertNothingLeft();
    }

    @Test
    void anIntercommunicatorIsRefusedByNameWithTheReason() throws Exception {
        Path refuses = ForeignRuns.compile("refuses", tmp);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("intercomm").toString(), "--", refuses.toString(), "intercomm"));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("MPI_Intercomm_create is not emulated by MSE: intercommunicators are not emulated")
                && r.output().contains("rank 1"), r.output());
        assertNothingLeft();
    }

    @Test
    void aKilledRankEndsTheRunNamingIt() throws Exception {
        Path dies = ForeignRuns.compile("dies", tmp);
        ForeignRuns.Result r = ForeignRuns.mse(List.of("emulate", "--np", "3", "--quiet", "--timeline", "off",
                "--out", tmp.resolve("killed").toString(), "--", dies.toString()));
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("rank 2"), r.output());
        assertNothingLeft();
    }

    /** A rank given no emulator to reach (gone, or never there) says so in one line and the job ends. */
    @Test
    void anEmulatorThatIsGoneEndsTheRanksWithTheAddressNamed() throws Exception {
        Path pingpong = ForeignRuns.example("pingpong");
        String gone = tmp.resolve("no-emulator.sock").toString();
        List<String> settings = List.of("LD_PRELOAD=" + System.getProperty("mse.pmpi.library"), "MSE_EMULATOR=" + gone,
                "MSE_TASK_COST=real", "MSE_COLLECTIVES=binomial", "MSE_EMULATOR_TOKEN");
        List<String> job = MpirunCommand.foreign(2, List.of(pingpong.toString())).exporting(settings).arguments();
        ForeignRuns.Result r = ForeignRuns.run(job, Map.of("MSE_EMULATOR_TOKEN", "t0ken"), 120);
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains(gone), r.output());
        assertNothingLeft();
    }

    @Test
    void workloadOptionsWithAProgramAreBadInputAndStartNothing() throws Exception {
        Path pingpong = ForeignRuns.example("pingpong");
        for (List<String> args : List.of(List.of("--image", "64x64"), List.of("--local"), List.of("--strategy", "multi"),
                List.of("--task-points", "4"))) {
            List<String> line = new ArrayList<>(List.of("emulate", "--np", "2", "--out", tmp.resolve("bad").toString()));
            line.addAll(args);
            line.addAll(List.of("--", pingpong.toString()));
            ForeignRuns.Result r = ForeignRuns.mse(line);
            assertEquals(2, r.exit(), r.output());
            assertTrue(r.stderr().contains(args.get(0)), r.stderr());
            assertFalse(Files.exists(tmp.resolve("bad")), "bad input left a results directory");
        }
    }

    private static List<String> withoutHost(Path csv) throws java.io.IOException {
        return Files.readAllLines(csv).stream().map(line -> line.substring(0, line.lastIndexOf(','))).toList();
    }

    /** No process started from this test's directory (the compiled programs live there) is still running. */
    private void assertNothingLeft() throws InterruptedException {
        String marker = tmp.toString();
        for (int i = 0; i < 50; i++) {
            if (ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains(marker))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("processes left running: " + ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(marker)).map(p -> p.info().commandLine().orElse(""))
                .toList());
    }
}
