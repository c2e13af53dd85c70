package mse.mpi.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every `./run.sh ...` command that README.md and docs/ show (docs/measurements/ too, since its logs moved there from
 * docs/ and their commands are still meant to be run) parses with the `mse` command line as it is today
 * (parsed only, never run), so a renamed or removed command or option cannot stay documented. Commands are taken
 * from code blocks (a line that starts with ./run.sh, with its backslash continuations, up to a # comment) and from
 * inline code spans; "..." stands for options left out and shell redirections are not the command's.
 */
class DocumentedCommandsTest {

    private static final Path ROOT = DocumentationPages.ROOT;
    /** run.sh's own commands, which never reach the CLI. */
    private static final Set<String> RUN_SH_ONLY = Set.of("test", "setup");
    private static final Pattern INLINE = Pattern.compile("`(\\./run\\.sh(?: [^`]*)?)`");

    record DocumentedCommand(String where, String text) {
    }

    @Test
    void everyDocumentedCommandParses() throws IOException {
        List<DocumentedCommand> commands = documentedCommands();
        assertTrue(commands.size() > 100, "found only " + commands.size() + " documented commands");
        List<String> failures = new ArrayList<>();
        for (DocumentedCommand command : commands) {
            List<String> args = arguments(command.text());
            if (args.isEmpty() || RUN_SH_ONLY.contains(args.get(0))) {
                continue;
            }
            try {
                Mse.commandLine().parseArgs(args.toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                failures.add(command.where() + ": " + command.text() + "\n    " + e.getMessage());
            }
        }
        assertEquals(List.of(), failures, "documented commands the CLI does not accept");
    }

    @Test
    void aRemovedOptionWouldBeCaught() {
        List<String> args = arguments("./run.sh emulate --np 8 --no-such-option 3 # comment");
        assertEquals(List.of("emulate", "--np", "8", "--no-such-option", "3"), args);
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> Mse.commandLine().parseArgs(args.toArray(String[]::new)));
        assertTrue(e.getMessage().contains("--no-such-option"), e.getMessage());
    }

    private static List<DocumentedCommand> documentedCommands() throws IOException {
        List<Path> pages = DocumentationPages.all();
        List<DocumentedCommand> commands = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                String where = ROOT.relativize(page) + ":" + (i + 1);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                } else if (fenced && line.strip().startsWith("./run.sh")) {
                    StringBuilder text = new StringBuilder(withoutComment(line).strip());
                    while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
                        text.setLength(text.length() - 1);
                        text.append(' ').append(withoutComment(lines.get(++i)).strip());
                    }
                    commands.add(new DocumentedCommand(where, text.toString()));
                } else if (!fenced) {
                    Matcher inline = INLINE.matcher(line);
                    while (inline.find()) {
                        commands.add(new DocumentedCommand(where, inline.group(1)));
                    }
                }
            }
        }
        return commands;
    }

    /** A code line up to its shell comment (a # after a space, outside quotes). */
    private static String withoutComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted && i > 0 && line.charAt(i - 1) == ' ') {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** The words after ./run.sh as the shell would pass them, without "..." and redirections. */
    static List<String> arguments(String command) {
        List<String> words = new ArrayList<>();
        Matcher word = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(withoutComment(command));
        while (word.find()) {
            String text = word.group(1) != null ? word.group(1) : word.group(2) != null ? word.group(2) : word.group(3);
            if (word.group(3) != null && (text.equals("|") || text.equals("&&") || text.equals(";"))) {
                break;
            }
            if (word.group(3) != null && (text.equals("...") || text.matches("\\d?>.*"))) {
                continue;
            }
            words.add(text);
        }
        return words.isEmpty() ? words : words.subList(1, words.size());
    }
}
