package mse.mpi.apps.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.cluster.profiles.ProfileLoader;
import mse.emulator.dynamic.DynamicSettings;
import mse.emulator.model.LogGpsModel;
import mse.emulator.model.TaskCost;
import mse.emulator.model.TargetCpu;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.RankMain;
import mse.mpi.apps.ep.EpWorkload;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.experiment.SweepIdentity;
import mse.mpi.launch.Cluster;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The registration ({@link StrategyKind#registered()}, one line in META-INF/services) is all a strategy needs to be
 * parsed, named in help and messages, passed to the ranks, kept apart in a sweep's identity and predicted: every
 * registered strategy goes through each of these paths, the test-only {@link TestGroups} (one class in test sources
 * and its line) among them.
 */
class StrategyOptionsTest {

    @CommandLine.Command(name = "holder")
    static final class Holder {
        @CommandLine.Mixin
        AppOptions options = new AppOptions();
    }

    private static AppOptions options(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.options;
    }

    private static Program parse(String... args) {
        return options(args).program();
    }

    @Test
    void everyRegisteredStrategyIsParsedByNameAndReachesTheRanksUnchanged() {
        for (StrategyKind kind : StrategyOptions.kinds()) {
            Program program = parse("--strategy", kind.name());
            assertEquals(kind.name(), program.strategy().name());
            Program onRank = parse(RankArguments.of(program).toArray(String[]::new));
            assertEquals(program, onRank, kind.name());
        }
    }

    @Test
    void helpAndMessagesListEveryRegisteredName() {
        String help = new CommandLine(new RankMain()).getUsageMessage(); // the ranks' options are the commands'

        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> parse("--strategy", "hierarchical"));
        for (StrategyKind kind : StrategyOptions.kinds()) {
            assertTrue(help.contains(kind.name()), help);
            assertTrue(unknown.getMessage().contains(kind.name()), unknown.getMessage());
        }
    }

    @Test
    void everyRegisteredStrategyIsSimulatedByPredict() {
        int np = 4;
        LogGpsModel network = new LogGpsModel(ProfileLoader.preset("mpich-fast-ethernet").network(), np);
        FarmMessageSizes sizes = FarmMessageSizes.of(new EpWorkload(8, 10, 1));
        for (StrategyKind kind : StrategyOptions.kinds()) {
            StrategySpec spec = parse("--strategy", kind.name()).strategy();
            StrategySimulation run = StrategySimulation.of(spec, network, new TargetCpu(1.0), sizes, new long[] {5, 5, 5, 5, 5, 5, 5, 5}, false);
            assertTrue(run.run().predictedNanos() > 0, kind.name());
            assertTrue(spec.masters(np).contains(0), kind.name());
        }
    }

    @Test
    void aStrategyThatNoMainSourceNamesIsRegisteredByItsOneClassAndLine() {
        assertTrue(StrategyOptions.kind(TestGroups.NAME).isPresent(), "test-groups is registered");
        AppOptions sweep = options("--strategy", "single,test-groups", "--test-groups", "2,3");
        assertEquals(List.of(new Single(), new TestGroups(2), new TestGroups(3)), sweep.programs().stream().map(Program::strategy).toList());
        IllegalArgumentException oneRun = assertThrows(IllegalArgumentException.class, sweep::program);
        assertTrue(oneRun.getMessage().startsWith("--strategy/--test-groups: lists are only for sweep and predict"), oneRun.getMessage());

        Program program = parse("--strategy", "test-groups", "--test-groups", "3");
        assertEquals(List.of("--strategy", "test-groups", "--test-groups", "3"), program.strategy().toArgs());
        assertEquals(program, parse(RankArguments.of(program).toArray(String[]::new)));
        assertEquals(List.of(0, 3, 6), program.strategy().masters(9));
        assertEquals("--test-groups must be between 2 and 2, got 3", assertThrows(IllegalArgumentException.class,
                () -> program.validate(4, Long.MAX_VALUE)).getMessage());
        assertEquals("test-groups Pm=3", StrategyOptions.kind(TestGroups.NAME).orElseThrow().series(3));
        assertTrue(new CommandLine(new RankMain()).getUsageMessage().contains(TestGroups.GROUPS));

        // Its list option is the points' own, like --masters: a sweep's identity leaves it out.
        Program two = parse("--strategy", "test-groups", "--test-groups", "2");
        var profile = ProfileLoader.preset("mpich-fast-ethernet");
        assertEquals(SweepIdentity.of(List.of(two), profile, new TaskCost.Fixed(1_000_000), false, Cluster.THIS_MACHINE_ONLY),
                SweepIdentity.of(List.of(program), profile, new TaskCost.Fixed(1_000_000), false, Cluster.THIS_MACHINE_ONLY));

        LogGpsModel network = new LogGpsModel(profile.network(), 9);
        FarmMessageSizes sizes = FarmMessageSizes.of(new EpWorkload(8, 10, 1));
        long[] costs = {5, 5, 5, 5, 5, 5, 5, 5};
        assertEquals(StrategySimulation.of(new Multi(3), network, new TargetCpu(1.0), sizes, costs, false).run().predictedNanos(),
                StrategySimulation.of(program.strategy(), network, new TargetCpu(1.0), sizes, costs, false).run().predictedNanos(),
                "it runs ML's simulation under its own name");
    }

    @Test
    void multiTakesAListOfMastersForSweepsAndOneForARun() {
        AppOptions main = options("--strategy", "single,multi", "--masters", "2,4");
        assertEquals(List.of(new Single(), new Multi(2), new Multi(4)), main.programs().stream().map(Program::strategy).toList());
        assertThrows(IllegalArgumentException.class, main::program);
        assertEquals("--masters must be between 2 and np/2 = 2 for np 5, got 4", new Multi(4).misfit(5).orElseThrow());
    }

    @Test
    void dynamicOptionsReachTheStrategyAndTheRanks() {
        Program o = parse("--strategy", "dynamic", "--split-wait", "2ms", "--merge-wait", "150us", "--max-depth", "3",
                "--split-window", "9");
        assertEquals(new Dynamic(new DynamicSettings(2_000_000, 150_000, 3, 9)), o.strategy());
        assertTrue(RankArguments.of(o).containsAll(List.of("--split-wait", "2ms", "--merge-wait", "150us", "--max-depth", "3",
                "--split-window", "9")));
        assertEquals(new Dynamic(DynamicSettings.defaults()), parse("--strategy", "dynamic").strategy());
    }

    @Test
    void badDynamicValuesNameTheOption() {
        assertMessage("--split-wait", "--strategy", "dynamic", "--split-wait", "soon");
        assertMessage("--split-wait", "--strategy", "dynamic", "--split-wait", "0");
        assertMessage("--merge-wait", "--strategy", "dynamic", "--merge-wait", "1ms", "--split-wait", "500us");
        assertMessage("--max-depth", "--strategy", "dynamic", "--max-depth", "-1");
        assertMessage("--split-window", "--strategy", "dynamic", "--split-window", "-2");
        assertMessage("--strategy", "--strategy", "hierarchical");
    }

    private static void assertMessage(String option, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(args).validate(4, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains(option), e.getMessage());
    }
}
