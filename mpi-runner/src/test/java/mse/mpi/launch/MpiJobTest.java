package mse.mpi.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a job ends when mpirun does not: Open MPI 4.1's mpirun sometimes hangs after a rank's MPI_Abort. */
class MpiJobTest {

    @TempDir
    Path tmp;

    /** A stand-in for mpirun that ignores its arguments and runs `script`, writing its pid first. */
    private MpirunCommand standIn(String script) throws IOException {
        Path mpirun = tmp.resolve("mpirun-stand-in");
        Files.writeString(mpirun, "#!/bin/sh\necho $$ > " + tmp.resolve("pid") + "\n" + script + "\n");
        Files.setPosixFilePermissions(mpirun, PosixFilePermissions.fromString("rwx------"));
        return new MpirunCommand(mpirun.toString(), 2, 2, false, "lo", MpirunCommand.DEFAULT_BTL, List.of(), "cp", List.of(),
                "Main", List.of());
    }

    @Test
    void mpirunThatOutlivesTheEmulatorsVerdictIsStoppedAndSaysSo() throws Exception {
        MpirunCommand hangs = standIn("exec sleep 600");
        CompletableFuture<Object> verdict = CompletableFuture.supplyAsync(() -> {
            throw new CompletionException(new IllegalStateException("rank 2 failed"));
        }, CompletableFuture.delayedExecutor(200, java.util.concurrent.TimeUnit.MILLISECONDS));
        LaunchException e = assertThrows(LaunchException.class,
                () -> MpiJob.run(hangs, Duration.ofMinutes(10), Map.of(), verdict));
        assertTrue(e.getMessage().contains("had not ended 10 s after the emulator failed the run; stopped it"), e.getMessage());
        long pid = Long.parseLong(Files.readString(tmp.resolve("pid")).trim());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the stand-in is stopped");
    }

    @Test
    void mpirunThatEndsAfterTheVerdictIsReportedByItsExitCode() throws Exception {
        MpirunCommand aborts = standIn("sleep 1; exit 137");
        LaunchException e = assertThrows(LaunchException.class,
                () -> MpiJob.run(aborts, Duration.ofMinutes(10), Map.of(), CompletableFuture.failedFuture(new IllegalStateException("x"))));
        assertTrue(e.getMessage().contains("failed with exit code 137"), e.getMessage());
    }

    @Test
    void aSuccessfulVerdictLeavesMpirunToFinish() throws Exception {
        MpirunCommand finishes = standIn("sleep 1; exit 0");
        double seconds = MpiJob.run(finishes, Duration.ofMinutes(10), Map.of(), CompletableFuture.completedFuture("report"));
        assertTrue(seconds > 0);
    }
}
