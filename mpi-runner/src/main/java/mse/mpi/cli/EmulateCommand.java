package mse.mpi.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.experiment.EmulatedPoint;
import mse.mpi.experiment.ForeignPoint;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.launch.InterpositionLibrary;
import mse.mpi.experiment.ResultTables;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.experiment.WithoutPTerm;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.EmulationSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `mse emulate`: one emulated run, the program really executing, virtual time from the target model. */
@Command(name = "emulate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run the program under mpirun while the emulator predicts its time on the target cluster.",
        footer = {"", "Examples:", "  ./run.sh emulate --np 8 --profile mpich-fast-ethernet --task-cost per-iteration:10ns",
                "  ./run.sh emulate --np 4 -- examples/c/build/row-farm      # your own MPI program, unmodified"})
final class EmulateCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P", defaultValue = "4", description = "Number of ranks, masters included (default: ${DEFAULT-VALUE}).")
    int np;

    @Mixin
    AppOptions app;

    @Mixin
    EmulationOptions emulation;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-emulate).")
    Path out;

    @Mixin
    ForeignProgramOptions foreign;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ForeignProgram own = foreign.program(spec, np);
        if (own != null) {
            return emulate(own);
        }
        Program program = BadInputException.check(app::program);
        emulation.validate(np);
        EmulatedPoint point = EmulatedPoint.prepare("emulate", np, program, emulation.settings());
        emulation.hosts().preflight(MpirunCommand.rankClasspath(), out);
        Path dir = RunDirectory.create(out, "emulate");
        EmulationSummary summary = point.run(dir);
        ResultTables.printRun(summary, dir);
        List<RunReport.Run> runs = List.of(new RunReport.Run(summary, dir));
        RunReport.write(dir, "MSE emulation: " + summary.header().workload() + ", P = " + np,
                spec.commandLine().getParseResult().originalArgs(), point.target(), RunReport.Inputs.of(summary.header()), runs,
                summary.masterEvents(), WithoutPTerm.points(point.program(), point.target(), runs));
        return 0;
    }

    /** A program of the user's own, through the interposition library: the same files, less what needs tasks. */
    private int emulate(ForeignProgram own) throws Exception {
        emulation.validateForeign(np);
        var settings = emulation.settings();
        emulation.hosts().cluster().preflightForeign(InterpositionLibrary.path(), own.commandLine().get(0));
        Path dir = RunDirectory.create(out, "emulate");
        EmulationSummary summary = new ForeignPoint("emulate", np, own, settings).run(dir);
        ResultTables.printRun(summary, dir);
        RunReport.write(dir, "MSE emulation: " + summary.header().workload() + ", P = " + np,
                spec.commandLine().getParseResult().originalArgs(), settings.target(), RunReport.Inputs.of(summary.header()),
                List.of(new RunReport.Run(summary, dir)), List.of(), List.of());
        return 0;
    }
}
