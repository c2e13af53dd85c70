package mse.mpi.failures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mse.emulator.actors.RankGateway;
import mse.mpi.JsonFile;
import mse.mpi.cli.Mse;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.launch.ProcessCommandLine;
import mse.mpi.rank.RankRuntimeOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Failures at run time end the run with a message naming the rank and leave no process behind. */
@Timeout(240)
class RunFailuresIT {

    /**
     * The ranks' class path, as ./run.sh gives the CLI: the build's classes directory, where the ranks' compiler
     * directives lie (UnchargedCode), not the module's jar that this JVM's own class path holds under failsafe.
     */
    private static final String RANK_CLASSPATH = "-Dmse.classpath=" + System.getProperty("mse.classpath");

    @TempDir
    Path tmp;

    @Test
    void aSlaveKilledMidRunEndsTheRunNamingIt() throws Exception {
        Path out = tmp.resolve("killed");
        StringWriter err = new StringWriter();
        CommandLine cl = Mse.commandLine();
        cl.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> cl.execute("emulate", "--np", "4",
                "--image", "512x512", "--task-points", "4", "--max-iter", "2000", "--out", out.toString(), "--quiet"));
        long victim = awaitRank(out.toString(), 2);
        awaitLog(out.resolve("mse.log"), "rank 2 connected"); // mid-run: it reports to the emulator
        Thread.sleep(1000);
        new ProcessBuilder("kill", "-9", Long.toString(victim)).start().waitFor();
        int code = run.get(120, TimeUnit.SECONDS); // a hang guard only: the test asserts no wall time
        assertEquals(1, code, err.toString());
        // Ended by the emulator noticing the lost rank, not by the launcher's own timeout.
        assertTrue(err.toString().contains("emulation failed") && err.toString().contains("rank 2"), err.toString());
        assertFalse(err.toString().contains("did not complete within"), err.toString());
        assertNoProcessLeft(out.toString());
        assertTrue(incomplete(out).startsWith("failed (exit code 1): emulation failed"), incomplete(out));
    }

    @Test
    void ranksFailFastNamingTheEmulatorAddressTheyTried() throws Exception {
        List<String> args = MpirunCommand.local(2, MpirunCommand.rankClasspath(), "mse.mpi.apps.RankMain",
                List.of("--image", "16x16", "--emulator", "127.0.0.1:9")).exporting(List.of(RankRuntimeOptions.TOKEN_VARIABLE)).arguments();
        ProcessBuilder pb = new ProcessBuilder(args).redirectErrorStream(true);
        pb.environment().put(RankRuntimeOptions.TOKEN_VARIABLE, "not-a-real-token");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertNotEquals(0, p.exitValue());
        assertTrue(output.contains("127.0.0.1:9"), output);
    }

    @Test
    void aDeadlockedProgramIsReportedWithWhoWaitsForWhat() throws Exception {
        Path out = tmp.resolve("deadlock");
        List<String> args = MpirunCommand.local(3, MpirunCommand.rankClasspath(), DeadlockingProgram.class.getName(),
                List.of("--emulate", "--out", out.toString())).arguments();
        Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS));
        assertNotEquals(0, p.exitValue());
        assertTrue(output.contains("deadlock"), output);
        for (int r = 0; r < 3; r++) {
            assertTrue(output.contains("rank " + r + " waits in receive(source=ANY, tag=7)"), output);
        }
        assertNoProcessLeft(out.toString());
    }

    @Test
    void ctrlCStopsEverythingAndKeepsTheFinishedPoints() throws Exception {
        Path out = tmp.resolve("interrupted");
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-cp", System.getProperty("java.class.path"), RANK_CLASSPATH,
                "mse.mpi.cli.Mse", "sweep", "--np", "2,3,4", "--image", "384x384", "--task-points", "8",
                "--out", out.toString(), "--quiet"));
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start();
        Path summary = out.resolve("summary.json");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (!Files.exists(summary) && System.nanoTime() < deadline && cli.isAlive()) {
            Thread.sleep(200);
        }
        assertTrue(Files.exists(summary), "the first point finished: " + Files.readString(tmp.resolve("cli.log")));
        awaitRank(out.toString(), 1); // the second point's job is running
        new ProcessBuilder("kill", "-INT", Long.toString(cli.pid())).start().waitFor();
        assertTrue(cli.waitFor(30, TimeUnit.SECONDS), "the CLI stopped after Ctrl-C");
        Map<String, Object> kept = JsonFile.read(summary); // whole: each rewrite is renamed into place
        assertTrue(((List<?>) kept.get("points")).size() >= 1, kept.toString());
        assertNoProcessLeft(out.toString());
        assertTrue(incomplete(out).startsWith("interrupted: stopped by a signal"), incomplete(out));
    }

    @Test
    void sigtermStopsEverythingAndLeavesTheRunMarkedInterruptedWithoutASummary() throws Exception {
        Path out = tmp.resolve("terminated");
        List<String> command = List.of(javaBinary(), "-cp", System.getProperty("java.class.path"), RANK_CLASSPATH, "mse.mpi.cli.Mse",
                "emulate", "--np", "3", "--image", "512x512", "--task-points", "4", "--max-iter", "2000",
                "--out", out.toString(), "--quiet");
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start();
        awaitRank(out.toString(), 2);
        awaitLog(out.resolve("mse.log"), "rank 2 connected"); // mid-run
        assertTrue(incomplete(out).startsWith("running: mse emulate"), incomplete(out));
        cli.destroy(); // SIGTERM
        assertTrue(cli.waitFor(30, TimeUnit.SECONDS), "the CLI stopped after SIGTERM");
        assertNoProcessLeft(out.toString());
        assertTrue(incomplete(out).startsWith("interrupted: stopped by a signal"), incomplete(out));
        assertFalse(Files.exists(out.resolve("summary.json")), "a summary.json claims a run that never finished");
    }

    /**
     * SIGKILL of the `mse` JVM itself: no shutdown hook runs, yet mpirun and the ranks must follow it. The launcher and
     * the next run keep their scratch in a directory of the test's own, so no other run on the machine clears what the
     * kill left before the test looks.
     */
    @Test
    void killingTheLauncherTakesMpirunAndTheRanksAlongAndClaimsNoFinishedRun() throws Exception {
        Path out = tmp.resolve("launcher-killed");
        Path scratch = Files.createDirectories(tmp.resolve("scratch"));
        Process cli = new ProcessBuilder(cliCommand(scratch, "emulate", "--np", "3", "--image", "512x512", "--task-points",
                "4", "--max-iter", "2000", "--out", out.toString(), "--quiet"))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("cli.log").toFile()).start();
        awaitRank(out.toString(), 2);
        awaitLog(out.resolve("mse.log"), "rank 2 connected"); // mid-run
        new ProcessBuilder("kill", "-9", Long.toString(cli.pid())).start().waitFor();
        assertTrue(cli.waitFor(30, TimeUnit.SECONDS), "the launcher died");
        assertNoProcessLeft(out.toString());
        assertFalse(Files.exists(out.resolve("summary.json")), "a summary.json claims a run that never finished");
        assertTrue(incomplete(out).startsWith("running: mse emulate"), "no hook ran, the mark made at the start stays: "
                + incomplete(out));

        // Nor did one delete the emulator's local socket: its directory, named for the dead JVM, is cleared by the next run.
        assertEquals(1, socketDirectoriesOf(scratch, cli.pid()).size(), "the killed emulator's socket directory");
        Process next = new ProcessBuilder(cliCommand(scratch, "emulate", "--np", "2", "--image", "64x64", "--task-points",
                "64", "--out", tmp.resolve("next").toString(), "--quiet"))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("next.log").toFile()).start();
        assertTrue(next.waitFor(300, TimeUnit.SECONDS), "the next run ended");
        assertEquals(0, next.exitValue(), Files.readString(tmp.resolve("next.log")));
        assertEquals(List.of(), socketDirectoriesOf(scratch, cli.pid()), "the next run cleared what the SIGKILL left");
    }

    /** The `mse` command line in a JVM of its own whose scratch directory is `scratch`. */
    private static List<String> cliCommand(Path scratch, String... args) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Djava.io.tmpdir=" + scratch, "-cp",
                System.getProperty("java.class.path"), RANK_CLASSPATH, "mse.mpi.cli.Mse"));
        command.addAll(List.of(args));
        return command;
    }

    private static List<Path> socketDirectoriesOf(Path scratch, long pid) throws IOException {
        String name = RankGateway.SOCKET_DIRECTORY_PREFIX + "-" + pid + "-";
        try (Stream<Path> entries = Files.list(scratch)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(name)).toList();
        }
    }

    /** What the run directory's INCOMPLETE mark says. */
    private static String incomplete(Path out) throws IOException {
        return Files.readString(out.resolve(RunDirectory.INCOMPLETE));
    }

    private static void awaitLog(Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(text)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(log + " never said: " + text);
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The pid of the rank process whose command line mentions marker and whose MPI rank is `rank`. */
    private static long awaitRank(String marker, int rank) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            Optional<Long> pid = ranks(marker).stream().filter(p -> rankOf(p) == rank).findFirst();
            if (pid.isPresent()) {
                return pid.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("rank " + rank + " never started");
    }

    private static List<Long> ranks(String marker) {
        return ProcessHandle.allProcesses().filter(p -> {
            String c = ProcessCommandLine.of(p.pid());
            return (c.contains("mse.mpi.apps.RankMain") || c.contains("DeadlockingProgram")) && c.contains(marker);
        }).map(ProcessHandle::pid).toList();
    }

    private static int rankOf(long pid) {
        try {
            String env = Files.readString(Path.of("/proc", Long.toString(pid), "environ"), StandardCharsets.ISO_8859_1);
            for (String var : env.split("\0")) {
                if (var.startsWith("OMPI_COMM_WORLD_RANK=")) {
                    return Integer.parseInt(var.substring("OMPI_COMM_WORLD_RANK=".length()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process is gone or not an MPI rank
        }
        return -1;
    }

    private static void assertNoProcessLeft(String marker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!ranks(marker).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertEquals(List.of(), ranks(marker), "rank processes left behind");
        boolean orted = ProcessHandle.allProcesses().anyMatch(p -> p.info().command().map(c -> c.endsWith("orted")).orElse(false)
                && ProcessCommandLine.of(p.pid()).contains(marker));
        assertTrue(!orted, "an orted was left behind");
    }
}
