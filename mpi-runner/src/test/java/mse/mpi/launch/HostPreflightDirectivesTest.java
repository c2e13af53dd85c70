package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mse.cluster.hosts.Hostfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ranks' compiler directives (UnchargedCode) on every host: the script the launch agent runs on a host
 * reports them missing by their path (here run on this machine), and the answer becomes one line naming the host, its
 * hostfile line and the file, before anything starts.
 */
class HostPreflightDirectivesTest {

    @TempDir
    Path tmp;

    @Test
    void theScriptNamesMissingDirectivesByTheirPath() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path directives = classes.resolve(UnchargedCode.RESOURCE);
        String classpath = classes.toString();
        assertEquals(List.of("missing-directives " + directives, "preflight-done"), run(HostPreflight.script(classpath, directives, null)));

        Files.createDirectories(directives.getParent());
        Files.writeString(directives, "[]");
        assertEquals(List.of("preflight-done"), run(HostPreflight.script(classpath, directives, null)));
        assertEquals(directives, UnchargedCode.find(classpath).orElseThrow(), "the file the preflight looks for is the ranks'");
    }

    @Test
    void aHostWithoutTheDirectivesIsNamedInOneLine() {
        Hostfile hostfile = Hostfile.parse("alpha slots=2\nbeta slots=2\n", "hosts.txt");
        String answer = "missing-directives /opt/mse/mpi-runner/target/classes/" + UnchargedCode.RESOURCE + "\npreflight-done\n";
        PreflightException e = assertThrows(PreflightException.class, () -> HostPreflight.verdict(hostfile.hosts().get(1), hostfile,
                "ssh", new HostPreflight.Outcome(0, answer, "")));
        assertEquals("host beta (hosts.txt:2) lacks the ranks' compiler directives /opt/mse/mpi-runner/target/classes/"
                + UnchargedCode.RESOURCE + " (which keep C2 off the uncharged code, docs/real-task-cost.md): MSE must be the same "
                + "build at the same path on every host (a shared file system, or a copy built at that path by ./run.sh)", e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    private static List<String> run(String script) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        // java and Open MPI are installed here (./run.sh setup): only the lines about the directives and the end remain
        return out.lines().filter(line -> line.startsWith("missing-directives") || line.equals("preflight-done")).toList();
    }
}
