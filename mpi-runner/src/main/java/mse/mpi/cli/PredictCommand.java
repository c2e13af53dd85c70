package mse.mpi.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import mse.cluster.profiles.TargetProfile;
import mse.emulator.dynamic.MasterActivity;
import mse.emulator.kernel.KernelObserver;
import mse.emulator.model.NetworkModel;
import mse.emulator.model.TargetCpu;
import mse.emulator.model.TaskCost;
import mse.emulator.partial.ErrorInterval;
import mse.emulator.report.Json;
import mse.emulator.sim.SimulatedRun;
import mse.mpi.apps.AppOptions;
import mse.mpi.apps.WorkloadSpec;
import mse.mpi.apps.farm.FarmMessageSizes;
import mse.mpi.apps.sampled.TaskCostEstimate;
import mse.mpi.apps.strategy.StrategySimulation;
import mse.mpi.apps.strategy.StrategySpec;
import mse.mpi.experiment.PredictedPoint;
import mse.mpi.experiment.PredictedSweep;
import mse.mpi.experiment.Predictor;
import mse.mpi.experiment.Progress;
import mse.mpi.experiment.ResultTables;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.RunReport;
import mse.mpi.experiment.SweepPlan;
import mse.mpi.experiment.TraceReplay;
import mse.mpi.experiment.WithoutPTerm;
import mse.mpi.options.BadInputException;
import mse.mpi.options.NpList;
import mse.mpi.options.TargetOptions;
import mse.mpi.options.TimelineOption;
import mse.mpi.rank.MasterEventsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `mse predict`: the fast path of seed 000 (000_779708a527b9c658.txt): partial execution of n tasks, linear
 * interpolation to all N, and the farm simulator at each P, with the live emulator's cost model. Or, with
 * --trace, a live run's measured task costs replayed in the simulator.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Predict the sweep by partial task execution and simulation (seed 000), in seconds instead of a run per P.",
        footer = {"", "Examples:", "  ./run.sh predict --np 2,4,8,16,32,64 --image 1024x1024 --sample 1024",
                "  ./run.sh predict --np 2,4,8,16,32,64 --target-error 5 --order random",
                "  ./run.sh predict --np 4,8 --trace results/<run>/tasks.csv --task-points 16",
                "  ./run.sh predict --np 8,16,32 --strategy single,multi,dynamic --masters 2,4,8",
                "  ./run.sh predict --np 4,8,16,32 --prefetch 1,2,4"})
final class PredictCommand implements Callable<Integer> {

    @Option(names = "--np", paramLabel = "P,P,...", defaultValue = "2,4,8,16,32,64",
            description = "Numbers of ranks to predict (default: ${DEFAULT-VALUE}).")
    String npList;

    @Mixin
    AppOptions app;

    @Mixin
    TargetOptions target;

    @Mixin
    TimelineOption timeline;

    @Option(names = "--sample", paramLabel = "n|all", defaultValue = "1024",
            description = "Tasks to execute, spread over the assignment order; 'all' runs every task (default: ${DEFAULT-VALUE}).")
    String sample;

    @Option(names = "--target-error", paramLabel = "PERCENT",
            description = "Instead of --sample: the smallest n = 4, 16, 64, ... whose bootstrap interval lies within +-PERCENT.")
    Double targetError;

    @Option(names = "--order", paramLabel = "original|random", defaultValue = "original",
            description = "Task order in the simulation; random is seed 000's control set S_R (default: ${DEFAULT-VALUE}).")
    String order;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the bootstrap and of --order random (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--trace", paramLabel = "TASKS_CSV", description = "Replay a live run's tasks.csv instead of executing tasks.")
    Path trace;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<timestamp>-predict).")
    Path out;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--quiet", description = "No progress display on stderr.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        List<SweepPlan.Configuration> plan = SweepPlan.of(BadInputException.check(app::programs), NpList.parse(npList), "predict");
        for (SweepPlan.Configuration c : plan) {
            BadInputException.check(() -> c.program().validate(c.np(), Runtime.getRuntime().maxMemory()));
        }
        WorkloadSpec workload = app.workload();
        if (!order.equals("original") && !order.equals("random")) {
            throw new BadInputException("--order: expected original or random, got '" + order + "'");
        }
        if (targetError != null && !(targetError > 0)) {
            throw new BadInputException("--target-error: expected a positive percentage, got " + targetError);
        }
        sampleSize();
        timeline.request();
        TargetProfile profile = target.target();
        TaskCost taskCost = target.taskCost();
        TargetCpu cpu = TargetCpu.of(profile.cpu());
        TraceReplay replay = trace == null ? null : TraceReplay.load(trace, workload.tasks(), cpu); // bad input before any output
        FarmMessageSizes sizes = FarmMessageSizes.of(workload.create());
        for (SweepPlan.Configuration c : plan) {
            BadInputException.check(() -> c.program().strategy().checkSimulable(NetworkModel.of(profile.network(), c.np()),
                    sizes, c.program().tasksInFlight(), workload.tasks()));
        }
        Path dir = RunDirectory.create(out, "predict");
        long started = System.nanoTime();
        Predictor predictor;
        long[] hostCosts;
        long[] masterCosts;
        if (replay != null) {
            hostCosts = replay.hostCosts();
            masterCosts = replay.masterCosts();
            cpu = replay.cpu();
            predictor = Predictor.trace(trace.toString(), replay.description());
            System.out.printf("replaying %d task costs from %s (%s)%n", hostCosts.length, trace, replay.description());
        } else {
            TaskCostEstimate estimate = estimate(taskCost);
            hostCosts = estimate.hostCosts();
            masterCosts = estimate.masterCosts();
            predictor = Predictor.partialExecution(estimate, order, targetError);
            describe(estimate);
        }
        List<PredictedPoint> points = new ArrayList<>();
        PredictedSweep.Header header = header(profile, taskCost, hostCosts.length);
        System.out.printf("%s, %s master strategy, target %s: predicted by %s%n", workload.describe(), String.join(", ", app.strategyNames()),
                profile.network().name(), trace != null ? "trace replay" : "partial execution (seed 000)");
        ResultTables.printSweepHeader(app.prefetchAsked());
        double[] simulationSeconds = {0};
        TargetCpu targetCpu = cpu;
        PointsInParallel.run(plan.size(), i -> {
            SweepPlan.Configuration c = plan.get(i);
            StrategySpec strategy = c.program().strategy();
            long t0 = System.nanoTime();
            try {
                StrategySimulation run = StrategySimulation.of(strategy, NetworkModel.of(profile.network(), c.np()), targetCpu, sizes,
                        c.program().tasksInFlight(), hostCosts, masterCosts, true, KernelObserver.NONE);
                return new Simulated(c, run, (System.nanoTime() - t0) / 1e9);
            } catch (StrategySimulation.Refused e) {
                throw new BadInputException(e.getMessage());
            }
        }, simulated -> {
            SweepPlan.Configuration c = simulated.configuration();
            StrategySpec strategy = c.program().strategy();
            simulationSeconds[0] += simulated.seconds();
            Path pointDir = dir.resolve(c.dirName());
            MasterActivity dynamic = strategy.logsMasterEvents()
                    ? MasterEventsFile.write(java.nio.file.Files.createDirectories(pointDir), simulated.run().events()) : null;
            PredictedPoint point = PredictedPoint.of(strategy.name(), c.np(), strategy.masters(c.np()).size(), c.program().prefetch(),
                    simulated.run().run(), simulated.seconds(), dynamic);
            points.add(point);
            ResultTables.printSweepRow(point);
        });
        PredictedSweep summary = PredictedSweep.of(header, points, predictor.timed(simulationSeconds[0], (System.nanoTime() - started) / 1e9));
        PredictTimelines timelines = new PredictTimelines(timeline.request(), dir, plan, points);
        try (TimelineInBackground written = new TimelineInBackground(() -> timelines.write(profile, targetCpu, sizes, hostCosts,
                masterCosts, header))) {
            ResultTables.printSortedIfSeveral(points);
            ResultTables.printBest(summary.best(), points);
            Predictor.Phases phases = summary.predictor().phaseSeconds();
            System.out.printf("time: partial execution %.3f s, bootstrap %.3f s, interpolation %.3f s, simulation %.3f s, total %.3f s%n",
                    phases.partialExecution(), phases.bootstrap(), phases.interpolation(), phases.simulation(), phases.total());
            report(dir, summary, plan, points, profile, cpu, hostCosts, masterCosts, sizes, timelines, written);
            written.await();
        }
        // last, so that a run whose timeline or report failed has none (docs/failure-paths.md)
        Json.write(dir.resolve("summary.json"), summary);
        System.out.printf("results: %s%n", dir.resolve("summary.json"));
        return 0;
    }

    /** A point's simulation, timed on its own thread. */
    private record Simulated(SweepPlan.Configuration configuration, StrategySimulation run, double seconds) {}

    /** report.html: the predicted sweep, and the same task costs under the model without the P term. */
    private void report(Path dir, PredictedSweep summary, List<SweepPlan.Configuration> plan, List<PredictedPoint> points,
                        TargetProfile profile, TargetCpu cpu, long[] hostCosts, long[] masterCosts, FarmMessageSizes sizes,
                        PredictTimelines timelines, TimelineInBackground written) throws java.io.IOException {
        List<RunReport.Run> runs = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            runs.add(new RunReport.Run(points.get(i), dir.resolve(plan.get(i).dirName()), timelines.writesTimelineJson(i)));
        }
        List<mse.emulator.report.ReportPoint> comparison = new ArrayList<>();
        var flat = WithoutPTerm.of(profile);
        for (int i = 0; flat.isPresent() && i < plan.size(); i++) {
            int np = plan.get(i).np();
            SimulatedRun run = StrategySimulation.of(plan.get(i).program().strategy(), NetworkModel.of(flat.get().network(), np), cpu, sizes,
                    plan.get(i).program().tasksInFlight(), hostCosts, masterCosts,
                    false, KernelObserver.NONE).run();
            comparison.add(new mse.emulator.report.ReportPoint(RunReport.series(points.get(i), flat.get().network().name()), np,
                    run.predictedNanos() / 1e9,
                    mse.emulator.report.ReportPoint.MasterBreakdown.of(run.masters().get(0)), null));
        }
        // the split/merge timeline belongs to one run: shown when the prediction has exactly one DY point
        List<PredictedPoint> dynamic = points.stream().filter(p -> p.dynamic() != null).toList();
        PredictedSweep.Header h = summary.header();
        RunReport.write(dir, "MSE prediction (" + h.predictedBy() + "): " + h.workload(),
                spec.commandLine().getParseResult().originalArgs(), profile,
                new RunReport.Inputs(h.workload(), h.app(), h.tasks(), h.taskCost(), null), runs,
                dynamic.size() == 1 ? dynamic.get(0).masterEvents() : List.of(), comparison,
                new mse.emulator.report.ReportPage.TimelinesComing(written.written(), timelines::head));
    }

    private TaskCostEstimate estimate(TaskCost taskCost) {
        boolean random = order.equals("random");
        if (targetError != null) {
            try (Progress progress = Progress.start("partial execution", quiet)) {
                return TaskCostEstimate.targetError(app.workload().create(), taskCost, targetError, random, seed, progress);
            }
        }
        int n = sampleSize();
        try (Progress progress = Progress.start("partial execution", quiet)) {
            return TaskCostEstimate.sample(app.workload().create(), taskCost, n, random, seed, progress);
        }
    }

    /** --sample as a number of tasks (Integer.MAX_VALUE for all), checked. */
    private int sampleSize() {
        if (sample.equalsIgnoreCase("all")) {
            return Integer.MAX_VALUE;
        }
        int n;
        try {
            n = Integer.parseInt(sample.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException("--sample: expected a number of tasks or 'all', got '" + sample + "'");
        }
        if (n < 2) {
            throw new BadInputException("--sample: need at least 2 tasks to interpolate between, got " + n);
        }
        return n;
    }

    /** Table 2 of seed 000, printed (summary.json keeps it in its predictor). */
    private static void describe(TaskCostEstimate e) {
        System.out.printf("bootstrap (%d resamples, alpha %.1f%%): interval of prediction error I_e%n",
                mse.emulator.partial.Bootstrap.RESAMPLES, mse.emulator.partial.Bootstrap.ALPHA_PERCENT);
        System.out.printf("%10s %10s %10s%n", "n", "min %", "max %");
        for (ErrorInterval row : e.bootstrap()) {
            System.out.printf("%10d %10.2f %10.2f%s%n", row.n(), row.minPercent(), row.maxPercent(), row == e.interval() ? "  <- used" : "");
        }
    }

    private PredictedSweep.Header header(TargetProfile profile, TaskCost taskCost, int tasks) {
        return new PredictedSweep.Header("predict", app.workload().app(), app.strategyNames().get(0), app.strategyNames(),
                profile.network().name(), profile.origin(), profile.cpu().speedRatio(), taskCost.spec(), app.workload().describe(), tasks,
                trace != null ? "trace replay" : "partial execution (seed 000)");
    }
}
