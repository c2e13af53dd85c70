package mse.mpi.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import mse.mpi.apps.ep.EpOptions;
import mse.mpi.apps.mase.MaseOptions;
import mse.mpi.apps.strategy.StrategyOptions;
import mse.mpi.apps.strategy.StrategySpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Which program and which master strategy, as options: shared by the `mse` commands and the rank entry point,
 * so both agree on names and defaults. Read once into {@link Program}s; {@link RankArguments} writes one back
 * for the ranks. Messages name the options at fault (the commands turn them into bad input, exit 2).
 */
public final class AppOptions {

    /** The applications MSE ships. */
    public enum App { mase, ep }

    @Option(names = "--app", paramLabel = "APP", defaultValue = "mase",
            description = "Program: mase (Mandelbrot set explorer) or ep (NAS EP-style task farm) (default: ${DEFAULT-VALUE}).")
    App app;

    @Mixin
    StrategyOptions strategy;

    @Option(names = Program.PREFETCH, paramLabel = "K",
            description = "Tasks in flight per slave, every strategy: a master hands each slave K tasks at the start and one more "
                    + "per result, so its next task is already queued when it finishes; 1 = one at a time (seed 001); sweep and "
                    + "predict take a list, e.g. 1,2,4 (default: 1).")
    String prefetch;

    @Mixin
    MaseOptions mase;

    @Mixin
    EpOptions ep;

    private WorkloadSpec workload;
    private List<Program> programs;

    /**
     * Every configuration named, checked, read once: each strategy (ML once per --masters) x each --prefetch K
     * (sweep and predict take lists).
     */
    public List<Program> programs() {
        if (programs == null) {
            List<Program> all = new ArrayList<>();
            for (StrategySpec spec : strategy.specs()) {
                for (Integer k : prefetchChoices()) {
                    all.add(new Program(workload(), spec, k));
                }
            }
            programs = List.copyOf(all);
        }
        return programs;
    }

    /** The one configuration of a single run (emulate, run, validate, a rank). */
    public Program program() {
        List<Integer> ks = prefetchChoices();
        if (ks.size() > 1) {
            throw new IllegalArgumentException(Program.PREFETCH + ": a list is only for sweep and predict, got '" + prefetch + "'");
        }
        return new Program(workload(), strategy.spec(), ks.get(0));
    }

    /** The strategy names as given (summary.json's strategies). */
    public List<String> strategyNames() {
        return strategy.names();
    }

    /** Whether --prefetch was given: only then do results carry a prefetch key (existing results keep their keys). */
    public boolean prefetchAsked() {
        return prefetch != null;
    }

    /**
     * The numbers of tasks in flight per slave named by --prefetch (a list for sweeps), checked; [null] when not
     * given (one task at a time, and no prefetch key in results). K * slaves may exceed the tasks: the start deals
     * K rounds round-robin and stops when the tasks run out.
     */
    private List<Integer> prefetchChoices() {
        if (prefetch == null) {
            return java.util.Collections.singletonList(null);
        }
        List<Integer> choices = new ArrayList<>();
        for (String part : prefetch.split(",", -1)) {
            int k;
            try {
                k = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(Program.PREFETCH + ": expected a number of tasks per slave or a list like 1,2,4, got '"
                        + prefetch + "'");
            }
            if (k < 1) {
                throw new IllegalArgumentException(Program.PREFETCH + ": expected at least 1 task in flight per slave, got " + k);
            }
            choices.add(k);
        }
        return choices;
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
