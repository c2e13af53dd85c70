package mse.mpi.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.emulator.model.TaskCost;
import mse.emulator.report.Json;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.RankMain;
import mse.mpi.experiment.NetworkCalibration;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.launch.EmulatedLaunch;
import mse.mpi.launch.EmulatedRun;
import mse.mpi.launch.EmulationPlan;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.launch.Transport;
import mse.mpi.options.BadInputException;
import mse.mpi.options.ByteSizes;
import mse.mpi.options.NpList;
import mse.mpi.rank.EmulationSummary;
import mse.mpi.rank.MeasuredSpan;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RunHeader;
import mse.mpi.rank.RunProgress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `mse validate`: seed 001 (001_cb00b78257109af6.txt) section 3.1's experiment on this machine. There MPICH
 * programs on Fast Ethernet were emulated by running on Myrinet; here tcp over loopback is the slow network
 * and vader (shared memory) the fast one. Calibrate tcp into a profile, run the program for real over tcp
 * (rank 0's MPI_Wtime span), emulate the profile while the ranks talk over vader (task cost real, same CPU),
 * and compare. With --hostfile the slow network is real: calibration and the measured run use tcp between the hosts
 * (ranks round-robin over them), while the emulated side still runs over vader on this machine.
 */
@Command(name = "validate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Calibrate tcp, run the program over tcp, emulate it over vader with the fitted profile; print the error.",
        footer = {"", "Example:", "  ./run.sh validate --np 2,3 --image 256x256 --task-points 4"})
final class ValidateCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,3", description = "P values (default: ${DEFAULT-VALUE}).")
    String npList;

    @Mixin
    AppOptions app;

    @Mixin
    HostOptions hosts;

    @Option(names = "--sizes", paramLabel = "K,K,...", defaultValue = "1,16,64,256,1K",
            description = "Calibration message sizes: the program's own are small (default: ${DEFAULT-VALUE}).")
    String sizes;

    @Mixin
    PointStopOptions stops;

    @Option(names = "--measured-runs", paramLabel = "N", defaultValue = "5",
            description = "Runs of the real program per P, and round-trip jobs per P for the calibration; the fastest of each is kept (default: ${DEFAULT-VALUE}).")
    int measuredRuns;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-validate).")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "900", description = "Stop each job after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<Integer> nps = NpList.parse(npList);
        if (measuredRuns < 1) {
            throw new BadInputException("--measured-runs must be at least 1, not " + measuredRuns);
        }
        Program program = BadInputException.check(app::program);
        nps.forEach(np -> BadInputException.check(() -> program.validate(np, Runtime.getRuntime().maxMemory())));
        nps.forEach(hosts::validate);
        hosts.preflight(MpirunCommand.rankClasspath(), out);
        var settings = stops.settings(ByteSizes.parse("--sizes", sizes), 1000);
        Path dir = RunDirectory.create(out, "validate");
        Duration limit = Duration.ofSeconds(timeoutSeconds);
        String slowNetwork = hosts.multiHost() ? "tcp between the hosts of " + hosts.cluster().hostfile().source() : "tcp over loopback";
        System.out.println("1. calibrating Open MPI over " + slowNetwork + " (the slow network)");
        Path calibrationDir = Files.createDirectories(dir.resolve("calibrate-tcp"));
        var calibration = NetworkCalibration.run(Transport.tcp, nps, settings, calibrationDir, null, limit, hosts.cluster(), measuredRuns);

        List<ValidatedPoint> points = new ArrayList<>();
        RunReport.Inputs shared = null; // what the emulated runs share, for the report
        List<RunReport.Run> emulatedRuns = new ArrayList<>();
        List<mse.emulator.report.ReportPoint> measuredPoints = new ArrayList<>();
        for (int np : nps) {
            System.out.printf("2. np %d: the real program over %s%n", np, slowNetwork);
            List<Double> runs = new ArrayList<>();
            RankResult fastest = null;
            for (int i = 1; i <= measuredRuns; i++) {
                RankResult run = realRun(program, np, dir.resolve("np-" + np).resolve("measured-" + i + ".json"), limit);
                runs.add(run.programSeconds());
                fastest = fastest == null || run.programSeconds() < fastest.programSeconds() ? run : fastest;
            }
            // Another process on a shared core only ever adds wall time to a run: the fastest run is the one
            // least disturbed, the closest this machine gets to a core per rank (one run varied by 25%).
            double measured = fastest.programSeconds();
            System.out.printf("3. np %d: emulating the tcp profile over vader%n", np);
            EmulationPlan plan = new EmulationPlan(program, np, calibration.profile(), TaskCost.parse("real"), false, limit,
                    Files.createDirectories(dir.resolve("np-" + np).resolve("emulated")), 0, RunProgress.NONE,
                    Transport.vader.btl());
            EmulatedRun run = EmulatedLaunch.run(plan);
            RunHeader header = RunHeader.of("validate", program.identity(np), np, calibration.profile(), plan.taskCost(),
                    run.master(), run.wallSeconds(), run.launchedAs());
            EmulationSummary emulated = EmulationSummary.write(plan.workDir(), header, run.master(), run.report(), null);
            double predicted = emulated.predictedSeconds();
            shared = RunReport.Inputs.of(header);
            emulatedRuns.add(new RunReport.Run(emulated, plan.workDir()));
            measuredPoints.add(new mse.emulator.report.ReportPoint("measured over tcp", np, measured, null, null));
            points.add(new ValidatedPoint(np, measured, runs, predicted, 100.0 * (predicted - measured) / measured, fastest.rehearsal()));
            Json.write(dir.resolve("summary.json"), new Summary("validate", program.app(), program.strategy().name(), program.describe(),
                    Transport.tcp.btl(), slowNetwork, Transport.vader.btl(), calibration.profileFile().toString(), points,
                    MeasuredSpan.of(null, measuredRuns)));
        }
        System.out.printf("%s, single transport pair tcp (measured) / vader + emulation (predicted)%n", program.describe());
        System.out.printf("%4s %14s %15s %8s%n", "np", "measured (s)", "predicted (s)", "error");
        for (ValidatedPoint p : points) {
            System.out.printf("%4s %14.4f %15.4f %7.1f%%%n", p.np(), p.measuredSeconds(), p.predictedSeconds(), p.errorPercent());
        }
        RunReport.write(dir, "MSE validation: measured over tcp against emulated, " + program.describe(),
                spec.commandLine().getParseResult().originalArgs(), calibration.profile(),
                shared, emulatedRuns, List.of(), measuredPoints);
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** rank 0's result of the plain program over tcp: its MPI_Wtime span is what the emulation predicts, startup excluded. */
    private RankResult realRun(Program program, int np, Path masterFile, Duration limit) throws Exception {
        Path dir = Files.createDirectories(masterFile.getParent());
        List<String> args = new ArrayList<>(RankArguments.of(program));
        args.addAll(List.of("--result-file", masterFile.toAbsolutePath().toString()));
        MpirunCommand command = hosts.cluster().place(MpirunCommand.plain(np, MpirunCommand.rankClasspath(),
                RankMain.class.getName(), args).withBtl(Transport.tcp.btl()), dir);
        MpiJob.run(command, limit);
        return Json.read(masterFile, RankResult.class);
    }

    /** validate's summary.json: what ran where, per P the measured runs against the prediction, what a measured span leaves out. */
    record Summary(String command, String app, String strategy, String workload, String slowNetwork, String measuredOver,
                   String emulatedOver, String profileFile, List<ValidatedPoint> points, MeasuredSpan measuredSpan) {}

    /**
     * One P: every measured run (the fastest is the measurement), the emulated prediction and its error, and whether the
     * fastest run's farm was rehearsed before its span (MeasuredSpan's values).
     */
    record ValidatedPoint(int np, double measuredSeconds, List<Double> measuredRuns, double predictedSeconds, double errorPercent,
                          String rehearsal) {}
}
