package mse.mpi.apps;

import java.util.List;
import java.util.function.Supplier;
import mse.mpi.apps.ep.EpOptions;
import mse.mpi.apps.mase.MaseOptions;
import mse.mpi.apps.strategy.StrategyOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Which program and which master strategy, as options: shared by the `mse` commands and the rank entry point,
 * so both agree on names and defaults. Read once into {@link Program}s; {@link RankArguments} writes one back
 * for the ranks.
 */
public final class AppOptions {

    /** The applications MSE ships. */
    public enum App { mase, ep }

    @Option(names = "--app", paramLabel = "APP", defaultValue = "mase",
            description = "Program: mase (Mandelbrot set explorer) or ep (NAS EP-style task farm) (default: ${DEFAULT-VALUE}).")
    App app;

    @Mixin
    StrategyOptions strategy;

    @Mixin
    MaseOptions mase;

    @Mixin
    EpOptions ep;

    private WorkloadSpec workload;
    private List<Program> programs;

    /** Every configuration named (sweep and predict take lists of strategies and masters), checked; read once. */
    public List<Program> programs() {
        if (programs == null) {
            WorkloadSpec workload = workload();
            programs = strategy.specs().stream().map(s -> new Program(workload, s)).toList();
        }
        return programs;
    }

    /** The one configuration of a single run (emulate, run, validate, a rank). */
    public Program program() {
        return new Program(workload(), strategy.spec());
    }

    /** The strategy names as given (summary.json's strategies). */
    public List<String> strategyNames() {
        return strategy.names();
    }

    /** A value the domain checks, its rule's message prefixed with the options that gave the value. */
    static <T> T named(String options, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(options + ": " + e.getMessage(), e);
        }
    }

    /** The application's problem; an IllegalArgumentException names the options at fault. */
    public WorkloadSpec workload() {
        if (workload == null) {
            workload = switch (app) {
                case mase -> named("--image/--region/--max-iter/--task-points", mase::spec);
                case ep -> named("--ep-tasks/--ep-pairs", ep::spec);
            };
        }
        return workload;
    }
}
