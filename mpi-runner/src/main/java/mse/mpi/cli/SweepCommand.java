package mse.mpi.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.report.Json;
import mse.emulator.report.ReportPoint;
import mse.mpi.apps.AppOptions;
import mse.mpi.experiment.EmulatedPoint;
import mse.mpi.experiment.EmulationSettings;
import mse.mpi.experiment.ForeignPoint;
import mse.mpi.experiment.ResultTables;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.experiment.SweepIdentity;
import mse.mpi.experiment.SweepPlan;
import mse.mpi.experiment.SweepResume;
import mse.mpi.experiment.SweepSummary;
import mse.mpi.experiment.WithoutPTerm;
import mse.mpi.launch.ForeignProgram;
import mse.mpi.launch.InterpositionLibrary;
import mse.mpi.launch.MpirunCommand;
import mse.mpi.options.BadInputException;
import mse.mpi.options.NpList;
import mse.mpi.rank.EmulationSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * `mse sweep`: one emulated run per configuration (strategy, number of masters) and P, each a real
 * mpirun job; the table, each configuration's saturation point and the best configuration overall.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Emulate the program at several P (and strategies) and find the saturation point and the best configuration.",
        footer = {"", "Examples:", "  ./run.sh sweep --np 2,4,8,16,32 --profile mpich-fast-ethernet --task-points 16",
                "  ./run.sh sweep --strategy single,multi,dynamic --masters 2,4 --np 8,16,32 --task-points 4",
                "  ./run.sh sweep --np 4,8,16 --prefetch 1,2,4 --task-points 4",
                "  ./run.sh sweep --np 2,4,8 -- examples/c/build/row-farm      # your own MPI program"})
final class SweepCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,4,8,16,32",
            description = "Numbers of ranks to emulate (default: ${DEFAULT-VALUE}).")
    String npList;

    @Mixin
    AppOptions app;

    @Mixin
    EmulationOptions emulation;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-sweep).")
    Path out;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Continue an interrupted sweep in DIR (same options): points already in its summary.json are not run again.")
    Path resume;

    @Spec
    CommandSpec spec;

    @Mixin
    ForeignProgramOptions foreign;

    /**
     * One configuration at one P, ready to run, with the directory it writes to: `run` runs it (with a progress label),
     * `configuration` names it for --resume, `comparison` gives the report's points without the P term (MSE's own
     * programs only).
     */
    private record Planned(Point run, SweepResume.Configuration configuration, String dirName, Comparison comparison) {}

    /** Runs a point into its directory. */
    @FunctionalInterface
    private interface Point {
        EmulationSummary run(Path dir, String label) throws IOException;
    }

    /** The report's points without the P term for a finished run. */
    @FunctionalInterface
    private interface Comparison {
        List<ReportPoint> apply(RunReport.Run run) throws IOException;
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> nps = NpList.parse(npList);
        ForeignProgram own = foreign.program(spec, nps.stream().min(Integer::compare).orElseThrow());
        List<Planned> plan = own != null ? planForeign(own, nps) : plan(nps);
        if (resume != null && out != null && !resume.equals(out)) {
            throw new BadInputException("--resume: give either --resume DIR or --out DIR, not two different directories");
        }
        if (own != null) {
            emulation.hosts().cluster().preflightForeign(InterpositionLibrary.path(), own.commandLine().get(0));
        } else {
            emulation.hosts().preflight(MpirunCommand.rankClasspath(), resume != null ? resume : out);
        }
        TargetProfile target = emulation.target();
        SweepIdentity identity = own != null ? SweepIdentity.ofForeign(own, target, emulation.taskCost(), emulation.hosts().cluster())
                : SweepIdentity.of(app.programs(), target, emulation.taskCost(), emulation.local(), emulation.hosts().cluster());
        List<EmulationSummary> done = resume == null ? List.of() : SweepResume.finishedPoints(resume, identity);
        Path dir = RunDirectory.create(resume != null ? resume : out, "sweep");
        List<EmulationSummary> points = new ArrayList<>();
        List<RunReport.Run> finished = new ArrayList<>();
        List<ReportPoint> comparison = new ArrayList<>();
        // A program's own output comes while its points run: its table comes after it, whole, rather than row by row
        // between the program's lines.
        boolean rowsAsTheyCome = own == null;
        if (rowsAsTheyCome) {
            ResultTables.printSweepHeader(app.prefetchAsked());
        }
        for (Planned p : plan) {
            int index = finished.size() + 1;
            Path pointDir = dir.resolve(p.dirName());
            Optional<EmulationSummary> resumed = SweepResume.find(done, p.configuration());
            EmulationSummary point;
            if (resumed.isEmpty()) {
                point = p.run().run(pointDir, "sweep point " + index + "/" + plan.size() + " " + p.dirName());
            } else {
                point = resumed.get();
                System.err.printf("[sweep] resuming: %s already done%n", p.dirName());
            }
            points.add(point);
            finished.add(new RunReport.Run(point, pointDir));
            comparison.addAll(p.comparison().apply(finished.get(finished.size() - 1)));
            if (rowsAsTheyCome) {
                ResultTables.printSweepRow(point);
            }
            Json.write(dir.resolve("summary.json"), SweepSummary.of(own != null ? List.of() : app.strategyNames(), identity, points));
        }
        SweepSummary summary = SweepSummary.of(own != null ? List.of() : app.strategyNames(), identity, points);
        if (!rowsAsTheyCome) {
            ResultTables.printSweepHeader(app.prefetchAsked());
            points.forEach(ResultTables::printSweepRow);
        }
        ResultTables.printSortedIfSeveral(points);
        ResultTables.printBest(summary.best(), points);
        RunReport.write(dir, "MSE sweep: " + summary.workload(), spec.commandLine().getParseResult().originalArgs(),
                target, RunReport.Inputs.of(points.get(0).header()), finished, List.of(), comparison);
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** Every configuration of SweepPlan, validated before anything runs. */
    private List<Planned> plan(List<Integer> nps) {
        List<Planned> plan = new ArrayList<>();
        List<SweepPlan.Configuration> configurations = SweepPlan.of(BadInputException.check(app::programs), nps, "sweep");
        EmulationSettings settings = emulation.settings();
        for (SweepPlan.Configuration c : configurations) {
            emulation.validate(c.np());
            EmulatedPoint point = EmulatedPoint.prepare("sweep", c.np(), c.program(), settings);
            plan.add(new Planned(point::run, point.configuration(), c.dirName(),
                    run -> WithoutPTerm.points(point.program(), point.target(), List.of(run))));
        }
        return plan;
    }

    /** A foreign program at each P (one configuration: its own), validated before anything runs. */
    private List<Planned> planForeign(ForeignProgram own, List<Integer> nps) {
        EmulationSettings settings = emulation.settings();
        List<Planned> plan = new ArrayList<>();
        for (int np : nps) {
            emulation.validateForeign(np);
            BadInputException.check(() -> own.validate(np));
            ForeignPoint point = new ForeignPoint("sweep", np, own, settings);
            plan.add(new Planned((dir, label) -> point.run(dir), point.configuration(), "np" + np, run -> List.of()));
        }
        return plan;
    }
}
