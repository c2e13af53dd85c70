package mse.mpi.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mse.mpi.launch.MpirunCommand;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance suite (pmpi/conformance/README.md): each case run plainly under mpirun and emulated through the
 * interposition library must print the same lines, its verdict last, and both runs exit 0.
 */
class ConformanceIT {

    static final Path SUITE = ForeignRuns.ROOT.resolve("pmpi/conformance");
    private static final Pattern NP = Pattern.compile("np:\\s*(\\d+)");
    /** A case that hangs fails in this time instead of holding the suite (a case takes seconds). */
    private static final long LIMIT_SECONDS = 180;

    @TempDir
    Path tmp;

    /** Every case of the suite, or those -Dconformance.case names (comma-separated). */
    static Stream<String> cases() throws IOException {
        String only = System.getProperty("conformance.case", "");
        List<String> wanted = List.of(only.split(","));
        List<String> names;
        try (Stream<Path> files = Files.list(SUITE)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".c") || n.endsWith(".f90"))
                    .filter(n -> only.isEmpty() || wanted.contains(n.replaceFirst("\\.(c|f90)$", "")))
                    .sorted().toList();
        }
        assertFalse(names.isEmpty(), "no conformance case " + (only.isEmpty() ? "in " + SUITE : "named " + only));
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aCasePrintsTheSameVerdictEmulatedAsPlain(String file) throws Exception {
        Path source = SUITE.resolve(file);
        String name = file.replaceFirst("\\.(c|f90)$", "");
        int np = np(source);
        Path program = compile(source, name);
        ForeignRuns.Result plain = ForeignRuns.run(MpirunCommand.foreign(np, List.of(program.toString())).arguments(),
                Map.of(), LIMIT_SECONDS);
        assertEquals(0, plain.exit(), "plain: " + plain.output());
        List<String> lines = plain.stdout().lines().toList();
        assertEquals(name + ": ok", lines.isEmpty() ? "" : lines.get(lines.size() - 1), "plain: " + plain.output());
        ForeignRuns.Result emulated = ForeignRuns.mse(List.of("emulate", "--np", Integer.toString(np), "--quiet",
                "--timeline", "off", "--out", tmp.resolve("run").toString(), "--", program.toString()), LIMIT_SECONDS);
        assertEquals(0, emulated.exit(), "emulated: " + emulated.output());
        assertTrue(emulated.stdout().startsWith(plain.stdout()),
                "emulated:\n" + emulated.output() + "\nplain:\n" + plain.stdout());
    }

    private static int np(Path source) throws IOException {
        String head = Files.readString(source);
        Matcher m = NP.matcher(head.substring(0, Math.min(head.length(), 400)));
        assertTrue(m.find(), source + ": its first comment must say np: N");
        return Integer.parseInt(m.group(1));
    }

    private Path compile(Path source, String name) throws Exception {
        Path executable = tmp.resolve(name);
        List<String> command = source.toString().endsWith(".f90")
                ? List.of("mpifort", "-O2", "-Wall", "-Werror", "-J", tmp.toString(), "-o", executable.toString(), source.toString())
                : List.of("mpicc", "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", "-O2", "-I", SUITE.toString(),
                        "-o", executable.toString(), source.toString());
        ForeignRuns.Result made = ForeignRuns.run(command, Map.of(), 120);
        assertEquals(0, made.exit(), String.join(" ", command) + ": " + made.output());
        return executable;
    }
}
