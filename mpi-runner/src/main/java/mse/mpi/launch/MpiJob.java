package mse.mpi.launch;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one mpirun job to completion: its output goes to ours, a failing rank or a run past the time
 * limit ends the job (mpirun and every rank below it), and a missing mpirun gets a message saying
 * how to install it.
 */
public final class MpiJob {

    private static final Logger LOG = LoggerFactory.getLogger(MpiJob.class);

    /** How long mpirun may take to end once the emulator failed the run (it takes about a second to abort its ranks). */
    static final Duration AFTER_VERDICT = Duration.ofSeconds(10);

    /** How long the job's output may take to reach ours once mpirun has ended. */
    private static final Duration OUTPUT_DRAIN = Duration.ofSeconds(5);

    private MpiJob() {
    }

    /** Runs the job; returns its wall time in seconds or throws LaunchException saying why it failed. */
    public static double run(MpirunCommand command, Duration limit) {
        return run(command, limit, Map.of());
    }

    /** Runs the job with extra environment variables (those named in command.exportedVariables reach the ranks). */
    public static double run(MpirunCommand command, Duration limit, Map<String, String> environment) {
        return run(command, limit, environment, new CompletableFuture<>());
    }

    /**
     * Runs an emulated job: as above, and once the emulator has failed the run (`verdict` completed exceptionally: a
     * rank failed, a deadlock) mpirun gets {@link #AFTER_VERDICT} to end before it and its ranks are stopped. Open
     * MPI 4.1's mpirun sometimes never exits after a rank's MPI_Abort: now and then a killed rank's test
     * (ForeignProgramsIT) left mpirun in a futex wait with the other ranks exited but not reaped, and the run waited
     * for `--timeout` (30 minutes by default).
     */
    public static double run(MpirunCommand command, Duration limit, Map<String, String> environment, CompletableFuture<?> verdict) {
        if (command.mpirun().equals("mpirun")) {
            OpenMpiInstallation.check();
        }
        List<String> args = command.arguments();
        String line = String.join(" ", args);
        LOG.info("starting mpirun: {}", command.java() ? line.replace(command.classpath(), "<classpath>") : line);
        LOG.debug("class path of the ranks: {}", command.classpath());
        long start = System.nanoTime();
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(args).inheritIO().redirectOutput(ProcessBuilder.Redirect.PIPE);
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new LaunchException("cannot start " + command.mpirun() + " (" + e.getMessage()
                    + "); install Open MPI with ./run.sh setup");
        }
        Thread output = ProgramOutput.relay(process.getInputStream());
        Thread reaper = new Thread(() -> stop(process), "mpirun-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            CompletableFuture<Throwable> failed = new CompletableFuture<>();
            verdict.whenComplete((result, failure) -> {
                if (failure != null) {
                    failed.complete(failure);
                }
            });
            try {
                CompletableFuture.anyOf(process.onExit(), failed).get(limit.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                stop(process);
                throw new LaunchException("mpirun with " + command.np() + " ranks did not finish within "
                        + limit.toSeconds() + " s; stopped it and its ranks");
            }
            if (!process.waitFor(AFTER_VERDICT.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new LaunchException("mpirun with " + command.np() + " ranks had not ended " + AFTER_VERDICT.toSeconds()
                        + " s after the emulator failed the run; stopped it and its ranks");
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("neither mpirun's exit nor the verdict fails", e);
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted; stopped mpirun and its ranks");
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running already
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        awaitOutput(output);
        if (process.exitValue() != 0) {
            throw new LaunchException("mpirun with " + command.np() + " ranks failed with exit code "
                    + process.exitValue() + " (its output above names the failing rank)");
        }
        return seconds;
    }

    /**
     * The job's last output relayed before anything of ours is printed. A process mpirun left behind may hold the pipe
     * open: its output is not waited for past a few seconds.
     */
    private static void awaitOutput(Thread output) {
        try {
            output.join(OUTPUT_DRAIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Ends mpirun and everything it started: children first, so no rank is orphaned. */
    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
