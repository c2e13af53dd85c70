package mse.mpi.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.RankArguments;
import mse.mpi.apps.RankMain;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.launch.MpiJob;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.launch.ProgramOutput;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.MeasuredSpan;
import mse.mpi.rank.RankResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `mse run`: a plain (not emulated) MPI run of the program, on this machine or the hosts of a hostfile. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run the program for real under mpirun (no emulation) and report wall time, tasks and checksum.",
        footer = {"", "Examples:", "  ./run.sh run --np 4 --image 512x512 --task-points 64",
                "  ./run.sh run --np 4 -- examples/c/build/row-farm      # your own MPI program, plain"})
final class RunCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P", defaultValue = "4", description = "Number of MPI ranks, master included (default: ${DEFAULT-VALUE}).")
    int np;

    @Mixin
    AppOptions app;

    @Mixin
    HostOptions hosts;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-run).")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "900", description = "Stop the job after this long (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Mixin
    ForeignProgramOptions foreign;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ForeignProgram own = foreign.program(spec, np);
        if (own != null) {
            return run(own);
        }
        Program program = BadInputException.check(app::program);
        BadInputException.check(() -> program.validate(np, Math.min(Runtime.getRuntime().maxMemory(), MpirunCommand.RANK_HEAP_BYTES)));
        if (timeoutSeconds < 1) {
            throw new BadInputException("--timeout: expected a positive number of seconds, got " + timeoutSeconds);
        }
        hosts.validate(np);
        hosts.preflight(MpirunCommand.rankClasspath(), out);
        Path dir = RunDirectory.create(out, "run");
        Path masterFile = dir.resolve("master.json");
        List<String> rankArgs = new ArrayList<>(RankArguments.of(program));
        rankArgs.addAll(List.of("--result-file", masterFile.toAbsolutePath().toString()));
        MpirunCommand command = hosts.cluster().place(MpirunCommand.plain(np, MpirunCommand.rankClasspath(),
                RankMain.class.getName(), rankArgs), dir);
        double wall = MpiJob.run(command, Duration.ofSeconds(timeoutSeconds));

        RankResult master = Json.read(masterFile, RankResult.class);
        Json.write(dir.resolve("summary.json"), new Summary("run", program.app(), program.strategy().name(), np, master.tasks(),
                wall, master.programSeconds(), master.checksum(), program.strategy().masters(np).size(), program.describe(),
                hosts.cluster().rankHosts(np).stream().distinct().toList(), String.join(" ", command.arguments()),
                MeasuredSpan.of(master.rehearsal(), 1)));
        Files.deleteIfExists(masterFile);

        System.out.printf("%s, %s master strategy, np %d%n", program.describe(), program.strategy().name(), np);
        System.out.printf("  tasks          %d%n", master.tasks());
        System.out.printf("  wall time      %.3f s (mpirun, startup included)%n", wall);
        System.out.printf("  program time   %.3f s (rank 0, MPI_Wtime; after the warm-up, rehearsal %s)%n", master.programSeconds(),
                master.rehearsal());
        System.out.printf("  checksum       %s%n", master.checksum());
        System.out.printf("  results        %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** summary.json of a plain run (keys in this order; measuredSpan: what programSeconds leaves out). */
    record Summary(String command, String app, String strategy, int np, int tasks, double wallSeconds, double programSeconds,
                   String checksum, int masters, String workload, List<String> hosts, String commandLine, MeasuredSpan measuredSpan) {}

    /** The same mpirun line as `emulate -- PROGRAM` without the interposition library: the program as it runs plainly. */
    private int run(ForeignProgram own) throws Exception {
        if (timeoutSeconds < 1) {
            throw new BadInputException("--timeout: expected a positive number of seconds, got " + timeoutSeconds);
        }
        hosts.validate(np);
        hosts.cluster().preflightForeign(null, own.commandLine().get(0));
        Path dir = RunDirectory.create(out, "run");
        MpirunCommand command = hosts.cluster().place(MpirunCommand.foreign(np, own.commandLine()), dir);
        double wall = MpiJob.run(command, Duration.ofSeconds(timeoutSeconds));
        Json.write(dir.resolve("summary.json"), new ForeignSummary("run", own.commandLine(), np, wall,
                hosts.cluster().rankHosts(np).stream().distinct().toList(), String.join(" ", command.arguments())));
        ProgramOutput.endLine();
        System.out.printf("program %s, np %d%n", String.join(" ", own.commandLine()), np);
        System.out.printf("  wall time      %.3f s (mpirun, startup included)%n", wall);
        System.out.printf("  results        %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** summary.json of a plain run of a foreign program (keys in this order). */
    record ForeignSummary(String command, List<String> program, int np, double wallSeconds, List<String> hosts, String commandLine) {}
}
