package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnchargedCodeTest {

    /** Runs `java OPTIONS -version`; returns its exit code and what it wrote to stdout. */
    private static Object[] javaVersion(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.add("-version");
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Object[] {p.waitFor(), out};
    }

    @Test
    void theJvmTakesTheDirectivesAsOneAndSaysNothingOnStdout() throws Exception {
        List<String> options = UnchargedCode.jvmOptions();
        String file = options.get(options.size() - 1);
        assertTrue(file.startsWith("-XX:CompilerDirectivesFile="), file);
        // Without -DisplayVMOutput the JVM says how many directives it parsed (a malformed file stops it).
        Object[] shown = javaVersion(List.of("-XX:+UnlockDiagnosticVMOptions", file));
        assertEquals(0, shown[0]);
        assertEquals("1 compiler directives added", ((String) shown[1]).strip());
        Object[] quiet = javaVersion(options);
        assertEquals(0, quiet[0]);
        assertEquals("", quiet[1]);
    }

    @Test
    void everyPatternIsAPackagePrefixSoNoProgramClassMatches() {
        for (String pattern : UnchargedCode.PATTERNS) {
            assertTrue(pattern.endsWith("/*") && !pattern.startsWith("*"), pattern);
        }
        assertTrue(UnchargedCode.directives().contains("\"mse/mpi/comm/*.*\""));
        assertTrue(UnchargedCode.directives().contains("c2: { Exclude: true }"));
    }

    @Test
    void addedOptionsComeAfterTheRanksOwn() {
        MpirunCommand job = MpirunCommand.local(2, "/a", "Main", List.of()).withJvmOptions(List.of("-Dx=1"));
        assertEquals("-Dx=1", job.jvmOptions().get(job.jvmOptions().size() - 1));
        assertTrue(job.jvmOptions().containsAll(MpirunCommand.PROGRAM_JIT_OPTIONS));
    }
}
