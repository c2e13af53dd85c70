package mse.mpi.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a namespace cluster leaves when the run that made it ends badly, and what clears it: a harness killed
 * mid-way (SIGKILL) leaves its cluster, which the next run's `netns-cluster.sh down --all` (as `./run.sh test` runs
 * it first) removes, and nothing else; a terminated harness (SIGTERM) takes its cluster down itself; a cluster whose
 * directory is gone is removed; a command failing inside one of the script's functions undoes what `up` made.
 * "Left" is judged by the script's mark (the alias that names the cluster's directory), so clusters of other runs
 * on the machine at the same time neither pass nor fail these tests.
 */
@Timeout(300)
@SuppressWarnings("try") // NamespaceCluster.close waits for the script and may be interrupted
class NamespaceCleanupIT {

    @TempDir
    Path tmp;

    @Test
    void aKilledRunsClusterIsClearedByTheNextRunAndNothingElseIs() throws Exception {
        Path userCluster = tmp.resolve("user");
        NamespaceCluster.script("up", "1", userCluster.toString()); // a user's own: no owner, its directory in place
        try (NamespaceCluster live = NamespaceCluster.up(tmp.resolve("live"), 1)) {
            Path killedDir = tmp.resolve("killed");
            Process killed = holder(killedDir);
            List<String> made = NamespaceCluster.markedFor(killedDir);
            assertEquals(2, made.size(), "one namespace and the bridge: " + made);
            long pid = killed.pid();
            killed.destroyForcibly();
            assertTrue(killed.waitFor(60, TimeUnit.SECONDS));
            assertEquals(made, NamespaceCluster.markedFor(killedDir), "a killed harness cannot take its cluster down");
            String host = made.stream().filter(o -> o.matches(".*-h[0-9]+")).findFirst().orElseThrow();
            List<Long> left = NamespaceCluster.pidsIn(host);
            assertFalse(left.isEmpty(), "its job's processes run on");

            String next = NamespaceCluster.script("down", "--all");
            assertTrue(next.contains(" of " + killedDir + ": its owner process " + pid + " has ended"), next);
            assertEquals(List.of(), NamespaceCluster.markedFor(killedDir), next);
            assertTrue(next.contains("killing processes left in " + host), next);
            assertTrue(gone(left), "its job's processes are gone: " + left);
            assertFalse(Files.exists(killedDir.resolve("cluster.state")), "its files went with it");
            assertEquals(2, NamespaceCluster.markedFor(live.dir).size(), "a cluster whose owner runs is kept: " + next);
            assertEquals(2, NamespaceCluster.markedFor(userCluster).size(), "a user's cluster is kept: " + next);
        } finally {
            NamespaceCluster.script("down", userCluster.toString());
        }
    }

    @Test
    void aTerminatedRunTakesItsClusterDownAsItExits() throws Exception {
        Path dir = tmp.resolve("terminated");
        Process terminated = holder(dir);
        assertEquals(2, NamespaceCluster.markedFor(dir).size());
        terminated.destroy(); // SIGTERM: the JVM's shutdown hooks run
        assertTrue(terminated.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of(), NamespaceCluster.markedFor(dir), said(dir));
        assertFalse(Files.exists(dir.resolve("cluster.state")), said(dir));
    }

    @Test
    void aClusterWhoseDirectoryIsGoneIsCleared() throws Exception {
        Path dir = tmp.resolve("gone");
        NamespaceCluster.script("up", "2", dir.toString());
        assertEquals(3, NamespaceCluster.markedFor(dir).size());
        for (String file : List.of("hostfile", "agent", "env", "cluster.state")) {
            Files.delete(dir.resolve(file));
        }
        Files.delete(dir); // as `mvn clean` would
        String next = NamespaceCluster.script("down", "--all");
        assertTrue(next.contains(" of " + dir + ": its directory no longer holds it"), next);
        assertEquals(List.of(), NamespaceCluster.markedFor(dir));
    }

    /** `set -E`: without it bash runs no ERR trap for a command failing inside a function, and `up` left its objects. */
    @Test
    void aCommandFailingInsideAFunctionUndoesWhatUpMade() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path tc = bin.resolve("tc");
        Files.writeString(tc, "#!/bin/sh\necho 'tc: htb: no such qdisc (stub)' >&2\nexit 1\n");
        assertTrue(tc.toFile().setExecutable(true));
        Path dir = tmp.resolve("shaped");
        ProcessBuilder up = new ProcessBuilder("bash", NamespaceCluster.scriptPath().toString(), "up", "1", dir.toString(),
                "--rate", "100mbit").redirectErrorStream(true);
        up.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = up.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertNotEquals(0, p.exitValue(), output);
        assertTrue(output.contains("up failed; removing what it created"), output);
        assertEquals(List.of(), NamespaceCluster.markedFor(dir), output);
        assertFalse(Files.exists(dir.resolve("cluster.state")), output);
    }

    /** Whether the processes are gone: killed, they end (and are reaped) within moments; 20 s is a hang guard. */
    private static boolean gone(List<Long> pids) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (pids.stream().anyMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false))) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** A separate JVM holding a cluster in `dir`, once it said so; what it writes goes to `dir`.log. */
    private static Process holder(Path dir) throws Exception {
        Path log = dir.resolveSibling(dir.getFileName() + ".log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ClusterHolder.class.getName(), dir.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        while (!Files.readString(log).contains("\nup ") && !Files.readString(log).startsWith("up ")) {
            if (p.waitFor(100, TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the holder ended before its cluster was up: " + Files.readString(log));
            }
        }
        return p;
    }

    private static String said(Path dir) throws Exception {
        return Files.readString(dir.resolveSibling(dir.getFileName() + ".log"));
    }
}
