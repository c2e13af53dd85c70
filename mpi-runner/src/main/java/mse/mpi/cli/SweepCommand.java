package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import mse.emulator.report.Json;
import mse.emulator.report.ReportPoint;
import mse.mpi.apps.AppOptions;
import mse.mpi.experiment.EmulatedPoint;
import mse.mpi.experiment.EmulationSettings;
import mse.mpi.experiment.ResultTables;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.experiment.SweepIdentity;
import mse.mpi.experiment.SweepPlan;
import mse.mpi.experiment.SweepResume;
import mse.mpi.experiment.SweepSummary;
import mse.mpi.experiment.WithoutPTerm;
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
                "  ./run.sh sweep --np 4,8,16 --prefetch 1,2,4 --task-points 4"})
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

    /** One configuration at one P, ready to run, with the directory it writes to. */
    private record Planned(EmulatedPoint point, String dirName) {}

    @Override
    public Integer call() throws Exception {
        List<Planned> plan = plan(NpList.parse(npList));
        if (resume != null && out != null && !resume.equals(out)) {
            throw new BadInputException("--resume: give either --resume DIR or --out DIR, not two different directories");
        }
        emulation.hosts().preflight(MpirunCommand.rankClasspath(), resume != null ? resume : out);
        SweepIdentity identity = SweepIdentity.of(app.programs(), plan.get(0).point().target(), emulation.taskCost(),
                emulation.local(), emulation.hosts().cluster());
        List<EmulationSummary> done = resume == null ? List.of() : SweepResume.finishedPoints(resume, identity);
        Path dir = RunDirectory.create(resume != null ? resume : out, "sweep");
        List<EmulationSummary> points = new ArrayList<>();
        List<RunReport.Run> finished = new ArrayList<>();
        List<ReportPoint> comparison = new ArrayList<>();
        ResultTables.printSweepHeader(app.prefetchAsked());
        for (Planned p : plan) {
            int index = finished.size() + 1;
            Path pointDir = dir.resolve(p.dirName());
            Optional<EmulationSummary> resumed = SweepResume.find(done, p.point().configuration());
            EmulationSummary point;
            if (resumed.isEmpty()) {
                point = p.point().run(pointDir, "sweep point " + index + "/" + plan.size() + " " + p.dirName());
            } else {
                point = resumed.get();
                System.err.printf("[sweep] resuming: %s already done%n", p.dirName());
            }
            points.add(point);
            finished.add(new RunReport.Run(point, pointDir));
            comparison.addAll(WithoutPTerm.points(p.point().program(), p.point().target(), List.of(finished.get(finished.size() - 1))));
            ResultTables.printSweepRow(point);
            Json.write(dir.resolve("summary.json"), SweepSummary.of(app.strategyNames(), identity, points));
        }
        SweepSummary summary = SweepSummary.of(app.strategyNames(), identity, points);
        ResultTables.printSortedIfSeveral(points);
        ResultTables.printBest(summary.best(), points);
        RunReport.write(dir, "MSE sweep: " + summary.workload(), spec.commandLine().getParseResult().originalArgs(),
                plan.get(0).point().target(), RunReport.Inputs.of(points.get(0).header()), finished, List.of(), comparison);
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
            plan.add(new Planned(EmulatedPoint.prepare("sweep", c.np(), c.program(), settings), c.dirName()));
        }
        return plan;
    }
}
