package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a host must have for a foreign program's ranks, checked by the script the launch agent runs there: here run on
 * this machine, where each missing piece must be reported by its token and path.
 */
class HostPreflightForeignTest {

    @TempDir
    Path tmp;

    @Test
    void theScriptNamesAMissingLibraryAndAMissingProgram() throws Exception {
        Path library = tmp.resolve("libmse-pmpi.so");
        Path program = tmp.resolve("farm");
        assertEquals(List.of("missing-library " + library, "missing-program " + program, "preflight-done"),
                run(HostPreflight.foreignScript(library, program.toString())));

        Files.writeString(library, "");
        Files.writeString(program, "#!/bin/sh\n");
        assertEquals(List.of("missing-program " + program, "preflight-done"), run(HostPreflight.foreignScript(library, program.toString())),
                "a program that is not executable cannot run");
        program.toFile().setExecutable(true);
        assertEquals(List.of("preflight-done"), run(HostPreflight.foreignScript(library, program.toString())));
    }

    @Test
    void aProgramNamedWithoutAPathIsLookedUpOnThePath() throws Exception {
        assertEquals(List.of("preflight-done"), run(HostPreflight.foreignScript(null, "sh")));
        assertEquals(List.of("missing-program no-such-mse-program", "preflight-done"),
                run(HostPreflight.foreignScript(null, "no-such-mse-program")));
    }

    private static List<String> run(String script) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        // orted is installed here (./run.sh setup): only the lines about the library and the program remain.
        return out.lines().filter(line -> !line.equals("missing-openmpi")).toList();
    }
}
