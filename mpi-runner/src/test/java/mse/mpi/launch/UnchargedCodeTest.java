package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
        List<String> options = UnchargedCode.jvmOptions(MpirunCommand.rankClasspath());
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
        for (String pattern : UnchargedCode.patterns()) {
            assertTrue(pattern.endsWith("/*.*") && !pattern.startsWith("*"), pattern);
        }
    }

    /**
     * Code that runs on the program thread between two Comm calls, which is charged, keeps C2: the program's
     * own, the DY master's decisions, what the program reads and encodes of the Comm layer, and the JDK packages tasks
     * use. ChargedCodeSamplingTest checks the same against a running farm.
     */
    @Test
    void chargedCodeMatchesNoPattern() {
        for (String charged : List.of("mse/mpi/apps/farm/Master", "mse/emulator/dynamic/DynamicMasterState", "mse/mpi/comm/Message",
                "mse/mpi/comm/Envelope", "mse/mpi/comm/ReduceOp", "mse/mpi/comm/MatchingComm", "java/util/zip/Deflater",
                "java/util/jar/JarFile", "sun/security/provider/SHA2", "sun/nio/ch/FileChannelImpl", "java/net/URI",
                "java/util/HashMap")) {
            for (String pattern : UnchargedCode.patterns()) {
                assertFalse(charged.startsWith(pattern.substring(0, pattern.length() - 3)), charged + " matches " + pattern);
            }
        }
    }

    @Test
    void aClassPathWithoutTheDirectivesIsRefusedByName() {
        LaunchException e = assertThrows(LaunchException.class, () -> UnchargedCode.jvmOptions("/nonexistent/classes:/x/lib/*"));
        assertTrue(e.getMessage().contains(UnchargedCode.RESOURCE) && e.getMessage().contains("/nonexistent/classes"), e.getMessage());
    }

    @Test
    void addedOptionsComeAfterTheRanksOwn() {
        MpirunCommand job = MpirunCommand.local(2, "/a", "Main", List.of()).withJvmOptions(List.of("-Dx=1"));
        assertEquals("-Dx=1", job.jvmOptions().get(job.jvmOptions().size() - 1));
        assertTrue(job.jvmOptions().containsAll(MpirunCommand.PROGRAM_JIT_OPTIONS));
    }
}
