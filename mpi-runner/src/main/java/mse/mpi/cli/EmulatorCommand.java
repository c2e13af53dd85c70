package mse.mpi.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.actors.EmulationSession;
import mse.emulator.actors.EmulationSetup;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TaskCost;
import mse.emulator.report.EmulationReport;
import mse.emulator.timeline.TimelineSetup;
import mse.mpi.experiment.ResultTables;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.launch.Cluster;
import mse.mpi.launch.ForeignLaunch;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.launch.MpiErrorsNote;
import mse.mpi.launch.OffCpuWarning;
import mse.mpi.launch.InterpositionLibrary;
import mse.mpi.launch.LaunchException;
import mse.mpi.options.BadInputException;
import mse.mpi.options.BindOption;
import mse.mpi.options.TargetOptions;
import mse.mpi.options.TimelineOption;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunHeader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `mse emulator`: an emulator for the user's own mpirun line. It starts for np ranks and a target, says what to add to
 * that line (the interposition library and where the emulator is, as -x settings; the run's token only by name, its
 * value in a file of the user's own to source, never on a command line), writes the results when the job's ranks have
 * all finished, and ends by itself then, on Ctrl-C, or when the ranks have not all connected within --wait.
 */
@Command(name = "emulator", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Start an emulator for your own mpirun line: it prints what to add to the line, and writes the results when the job ends.",
        footer = {"", "Example:", "  ./run.sh emulator --np 4 --out results/mine", "  (then, in another shell, the lines it prints)"})
final class EmulatorCommand implements Callable<Integer> {

    /** The file of the run's token: sourced by the user's shell, readable by the user only, deleted at the end. */
    static final String TOKEN_FILE = "token.env";

    @Option(names = "--np", paramLabel = "P", required = true, description = "The ranks of your mpirun line.")
    int np;

    @Mixin
    TargetOptions target;

    @Mixin
    TimelineOption timeline;

    @Mixin
    BindOption bind;

    @Mixin
    ForeignRankOptions ranks;

    @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "600",
            description = "End, with no results, when the ranks have not all connected within this long (default: ${DEFAULT-VALUE}).")
    long waitSeconds;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-emulator).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (np < 1) {
            throw new BadInputException("--np: expected at least 1 rank, got " + np);
        }
        if (waitSeconds < 1) {
            throw new BadInputException("--wait: expected a positive number of seconds, got " + waitSeconds);
        }
        ForeignProgram program = BadInputException.check(() -> ranks.of(List.of("mpirun")));
        BadInputException.check(() -> program.validate(np));
        List<Integer> masters = program.masters();
        TargetProfile profile = target.target();
        TaskCost taskCost = target.taskCost();
        String bindHost = bind.host(BindOption.LOOPBACK);
        InterpositionLibrary.path(); // a library that is not built is said now, not after the user started mpirun
        Path dir = RunDirectory.create(out, "emulator");
        EmulationSetup setup = new EmulationSetup(NetworkModel.of(profile.network(), np),
                Cluster.THIS_MACHINE_ONLY.rankCpus(np, profile.cpu()), masters, bindHost, Duration.ofSeconds(waitSeconds),
                TimelineSetup.in(dir, timeline.request())).chargingMeasuredCpu(taskCost.chargesMeasuredCpu());
        long start = System.nanoTime();
        try (EmulationSession session = EmulationSession.start(setup)) {
            Path tokenFile = writeToken(dir, session.token());
            // Ctrl-C: the JVM exits once its hooks are done, not waiting for this thread's finally; the hook clears up itself.
            Thread interrupted = new Thread(() -> {
                session.abort("the emulator was interrupted (Ctrl-C)");
                deleteQuietly(tokenFile);
            }, "emulator-interrupted");
            Runtime.getRuntime().addShutdownHook(interrupted);
            try {
                // Ranks on this machine use the local socket; with --bind (other hosts) everyone uses TCP.
                String endpoint = (bindHost.equals(BindOption.LOOPBACK) ? session.localEndpoint() : session.tcpEndpoint()).toString();
                printInstructions(tokenFile, InterpositionLibrary.rankSettings(endpoint, taskCost,
                        profile.collectives().spelling(), program.rankCpu(), timeline.request().reportsCalls()), !bindHost.equals(BindOption.LOOPBACK));
                EmulationReport report = awaitReport(session);
                double wall = (System.nanoTime() - start) / 1e9;
                int tasks = report.tasks().size();
                ForeignLaunch.requireTaskReports(taskCost, report, "the ranks of your mpirun line");
                OffCpuWarning.print(report.result());
                MpiErrorsNote.print(report.result());
                RunHeader header = new RunHeader("emulator", "mpirun", null, np, masters.size(), null, profile.network().name(),
                        profile.origin(), profile.cpu().speedRatio(), taskCost, "ranks of your own mpirun line",
                        tasks == 0 ? null : tasks, wall, null, "your own mpirun line", null);
                EmulationSummary summary = EmulationSummary.write(dir, header, null, report, Collections.nCopies(np, Cluster.THIS_MACHINE));
                ResultTables.printRun(summary, dir);
                RunReport.write(dir, "MSE emulation of your own mpirun line, P = " + np, spec.commandLine().getParseResult().originalArgs(),
                        profile, RunReport.Inputs.of(header), List.of(new RunReport.Run(summary, dir)), List.of(), List.of());
                return 0;
            } finally {
                Files.deleteIfExists(tokenFile);
                try {
                    Runtime.getRuntime().removeShutdownHook(interrupted);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is running
                }
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (java.io.IOException e) {
            System.err.println("mse: could not delete " + file + " (it holds the run's token): " + e.getMessage());
        }
    }

    /** The token for the user's shell, in a file only the user can read (created so, never wider for a moment). */
    private static Path writeToken(Path dir, String token) throws java.io.IOException {
        Path file = dir.resolve(TOKEN_FILE).toAbsolutePath();
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, "export " + RankRuntimeOptions.TOKEN_VARIABLE + "='" + token + "'\n");
        return file;
    }

    private void printInstructions(Path tokenFile, Map<String, String> settings, boolean tcp) {
        List<String> options = new ArrayList<>();
        settings.forEach((name, value) -> options.add("-x " + name + "=" + value));
        options.add("-x " + RankRuntimeOptions.TOKEN_VARIABLE);
        if (tcp) {
            // The ranks wait for grants on the emulator's socket, not in MPI: TCP needs its own progress thread.
            options.add("--mca btl_tcp_progress_thread 1");
        }
        System.out.printf("emulator ready for %d ranks; it ends when they have all finished (or on Ctrl-C)%n", np);
        System.out.printf("1. in the shell that runs mpirun:  source %s%n", tokenFile);
        System.out.printf("2. add to your mpirun line:  %s%n", String.join(" ", options));
        System.out.printf("   e.g.  mpirun -np %d %s ./your_program%n", np, String.join(" ", options));
        System.out.flush();
    }

    private EmulationReport awaitReport(EmulationSession session) throws InterruptedException {
        try {
            return session.report().get();
        } catch (ExecutionException e) {
            throw new LaunchException("emulation failed: " + e.getCause().getMessage());
        }
    }
}
