package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.model.TaskCost;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankMain;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The argv MSE gives mpirun's ranks carries the options of their application and strategy only, and parses back. */
class RankArgvTest {

    @CommandLine.Command(name = "holder")
    static final class Holder {
        @CommandLine.Mixin
        AppOptions options = new AppOptions();
    }

    private static Program program(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.options.program();
    }

    /** The ranks' part of the mpirun command line: what follows the main class. */
    private static List<String> rankArgv(Program program) {
        List<String> all = mpirunArguments(program, "fixed:10us");
        return all.subList(all.indexOf(RankMain.class.getName()) + 1, all.size());
    }

    private static List<String> mpirunArguments(Program program, String taskCost) {
        EmulationPlan plan = new EmulationPlan(program, 4, ProfileLoader.preset("mpich-fast-ethernet"), TaskCost.parse(taskCost),
                false, Duration.ofMinutes(1), Path.of("work"), 0);
        return EmulatedLaunch.mpirun(plan, "127.0.0.1:4000", Path.of("work", "master.json")).arguments();
    }

    /**
     * With a deterministic task cost nothing a rank measures is charged, so its JVM stops at C1 (C2's
     * compilations were the largest cost a rank JVM did not need); real mode keeps C2 for the program's code.
     */
    @Test
    void deterministicRanksStopAtC1AndRealModeRanksDoNot() {
        Program program = program("--app", "mase", "--image", "64x32");
        for (String deterministic : List.of("fixed:10us", "per-iteration:10ns")) {
            List<String> all = mpirunArguments(program, deterministic);
            assertTrue(all.subList(0, all.indexOf(RankMain.class.getName())).contains("-XX:TieredStopAtLevel=1"), all.toString());
        }
        assertFalse(mpirunArguments(program, "real").stream().anyMatch(a -> a.startsWith("-XX:TieredStopAtLevel")));
    }

    @Test
    void aMaseRankOfOneMasterSeesNoOtherApplicationsOrStrategysOptions() {
        List<String> argv = rankArgv(program("--app", "mase", "--strategy", "single", "--image", "64x32", "--ep-seed", "7",
                "--split-wait", "1ms"));
        assertTrue(argv.containsAll(List.of("--app", "mase", "--image", "64x32", "--strategy", "single", "--task-cost", TaskCost.parse("fixed:10us").spec(),
                "--emulator", "127.0.0.1:4000")), argv.toString());
        for (String foreign : List.of("--ep-seed", "--ep-tasks", "--ep-pairs", "--masters", "--split-wait", "--merge-wait",
                "--max-depth", "--split-window", "--chaos-delay-ms")) {
            assertFalse(argv.contains(foreign), foreign + " in " + argv);
        }
    }

    @Test
    void anEpRankOfDynamicMastersSeesItsOwnOptionsOnly() {
        List<String> argv = rankArgv(program("--app", "ep", "--strategy", "dynamic", "--ep-tasks", "32", "--split-wait", "1ms"));
        assertTrue(argv.containsAll(List.of("--ep-tasks", "32", "--ep-seed", "--split-wait", "1ms", "--max-depth")), argv.toString());
        for (String foreign : List.of("--image", "--region", "--task-points", "--max-iter", "--png", "--masters")) {
            assertFalse(argv.contains(foreign), foreign + " in " + argv);
        }
    }

    @Test
    void theRanksParseBackTheSameProgram() {
        for (Program program : List.of(program("--strategy", "multi", "--masters", "2", "--task-points", "4"),
                program("--app", "ep", "--strategy", "dynamic", "--merge-wait", "20us"), program("--prefetch", "3"))) {
            List<String> argv = rankArgv(program);
            RankMain rank = new RankMain();
            new CommandLine(rank).parseArgs(argv.toArray(String[]::new));
            assertEquals(program, rank.program());
        }
    }

    /**
     * The launcher's own lines, emulated and plain, are read without picocli into what picocli reads from them; other
     * lines (another strategy, a value left to its default) are left to picocli.
     */
    @Test
    void theLaunchersLinesAreReadWithoutPicocliIntoWhatPicocliReads() throws Exception {
        for (Program program : List.of(program("--task-points", "4"), program("--app", "ep", "--ep-tasks", "32"),
                program("--prefetch", "3", "--image", "64x32", "--region", "-1,0.5,-0.25,0.75", "--png", "out.png"))) {
            for (String taskCost : List.of("fixed:10us", "real")) {
                List<String> all = mpirunArguments(program, taskCost);
                assertSameAsPicocli(all.subList(all.indexOf(RankMain.class.getName()) + 1, all.size()));
            }
            List<String> plain = new java.util.ArrayList<>(mse.mpi.apps.RankArguments.of(program));
            plain.addAll(List.of("--result-file", "/tmp/master.json"));
            assertSameAsPicocli(plain);
        }
        List<String> chaos = new java.util.ArrayList<>(rankArgv(program("--task-points", "4")));
        chaos.addAll(List.of("--chaos-delay-ms", "3", "--report-calls"));
        assertSameAsPicocli(chaos);
        for (Program program : List.of(program("--strategy", "multi", "--masters", "2"), program("--strategy", "dynamic"))) {
            assertTrue(mse.mpi.apps.LaunchedRank.read(rankArgv(program).toArray(String[]::new)).isEmpty());
        }
        assertTrue(mse.mpi.apps.LaunchedRank.read(new String[] {"--app", "mase", "--strategy", "single"}).isEmpty(),
                "defaults are picocli's to give");
        assertTrue(mse.mpi.apps.LaunchedRank.read(new String[] {"--app", "mase", "--strategy", "single", "--image", "0x3",
                "--region", "-2,1,-1,1", "--max-iter", "10", "--task-points", "1"}).isEmpty(), "errors are picocli's to word");
    }

    private static void assertSameAsPicocli(List<String> argv) throws Exception {
        RankMain picocli = new RankMain();
        new CommandLine(picocli).parseArgs(argv.toArray(String[]::new));
        mse.mpi.apps.LaunchedRank launched = mse.mpi.apps.LaunchedRank.read(argv.toArray(String[]::new)).orElseThrow(
                () -> new AssertionError("not read without picocli: " + argv));
        assertEquals(picocli.program(), launched.program(), argv.toString());
        assertEquals(field(picocli, "resultFile"), launched.resultFile(), argv.toString());
        Object runtime = field(picocli, "runtime");
        for (String name : List.of("emulator", "reportCalls", "emulate")) {
            assertEquals(field(runtime, name), field(launched.runtime(), name), name + " of " + argv);
        }
        if (field(runtime, "emulator") != null) { // a plain rank reads neither
            assertEquals(field(runtime, "collectives"), field(launched.runtime(), "collectives"));
            assertEquals(field(field(runtime, "target"), "taskCost"), field(field(launched.runtime(), "target"), "taskCost"));
        }
        assertEquals(field(field(runtime, "chaos"), "delayMillis"), field(field(launched.runtime(), "chaos"), "delayMillis"));
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }
}
