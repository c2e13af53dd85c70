package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's --help renders cleanly: picocli treats a description as a format string, so a bare percent sign
 * ("the 95% interval") makes it print a WARN line to stderr before every use of the command (calibrate and validate
 * did), where the user expects only the help.
 */
class HelpTextsTest {

    @Test
    void everyCommandsUsageRendersWithoutAPicocliWarning() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Mse.commandLine(), commands);
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (CommandLine command : commands) {
                assertTrue(command.getUsageMessage().contains("Usage:"), command.getCommandName());
            }
        } finally {
            System.setErr(stderr);
        }
        assertTrue(commands.size() > 10, "the subcommands were found: " + commands.size());
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
