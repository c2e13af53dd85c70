package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
import java.util.List;
import mse.mpi.apps.RankMain;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options both the `mse` commands and the ranks take are declared once: the same mixin, hence the same
 * description and default, on `mse emulate` and on the rank entry point (your own mpirun with --emulate).
 */
class OptionsDeclaredOnceTest {

    private static final List<String> SHARED = List.of("--profile", "--cpu-ratio", "--task-cost", "--bind", "--timeline",
            "--chaos-delay-ms", "--app", "--strategy", "--masters", "--prefetch", "--split-wait", "--image", "--ep-seed");

    @Test
    void theCommandsAndTheRanksShareEachOptionsDeclarationAndDefault() {
        CommandLine emulate = Mse.commandLine().getSubcommands().get("emulate");
        CommandLine rank = new CommandLine(new RankMain());
        for (String name : SHARED) {
            OptionSpec command = emulate.getCommandSpec().findOption(name);
            OptionSpec onRank = rank.getCommandSpec().findOption(name);
            assertNotNull(command, name);
            assertNotNull(onRank, name);
            assertEquals(command.defaultValue(), onRank.defaultValue(), name);
            assertEquals(Arrays.asList(command.description()), Arrays.asList(onRank.description()), name);
        }
    }
}
