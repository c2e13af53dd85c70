package mse.mpi.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mse.mpi.apps.farm.DynamicMasters;
import mse.emulator.dynamic.DynamicSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** --strategy dynamic and its options: parsed, validated with the option named, and passed on to ranks. */
class DynamicOptionsTest {

    private static AppOptions parse(String... args) {
        RankMain main = new RankMain();
        new CommandLine(main).parseArgs(args);
        return main.options;
    }

    @Test
    void optionsReachTheStrategyAndTheRanks() {
        AppOptions o = parse("--strategy", "dynamic", "--split-wait", "2ms", "--merge-wait", "150us", "--max-depth", "3",
                "--split-window", "9");
        DynamicSettings s = ((DynamicMasters) o.strategy()).settings();
        assertEquals(new DynamicSettings(2_000_000, 150_000, 3, 9), s);
        List<String> args = o.toArgs();
        assertTrue(args.containsAll(List.of("--split-wait", "2ms", "--merge-wait", "150us", "--max-depth", "3", "--split-window", "9")));
        assertEquals(s, ((DynamicMasters) parse(args.toArray(String[]::new)).strategy()).settings());
        assertEquals(DynamicSettings.defaults(), ((DynamicMasters) parse("--strategy", "dynamic").strategy()).settings());
    }

    @Test
    void badValuesNameTheOption() {
        assertMessage("--split-wait", "--strategy", "dynamic", "--split-wait", "soon");
        assertMessage("--split-wait", "--strategy", "dynamic", "--split-wait", "0");
        assertMessage("--merge-wait", "--strategy", "dynamic", "--merge-wait", "1ms", "--split-wait", "500us");
        assertMessage("--max-depth", "--strategy", "dynamic", "--max-depth", "-1");
        assertMessage("--split-window", "--strategy", "dynamic", "--split-window", "-2");
        assertMessage("--strategy", "--strategy", "hierarchical");
    }

    private static void assertMessage(String option, String... args) {
        AppOptions o = parse(args);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> o.validate(4));
        assertTrue(e.getMessage().contains(option), e.getMessage());
    }
}
