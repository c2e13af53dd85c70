package mse.mpi.apps;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.apps.ep.EpOptions;
import mse.mpi.apps.farm.DynamicMasters;
import mse.emulator.dynamic.DynamicSettings;
import mse.mpi.apps.farm.MultipleMasters;
import mse.mpi.apps.farm.SingleMaster;
import mse.mpi.apps.farm.Strategy;
import mse.mpi.apps.farm.Workload;
import mse.mpi.apps.mase.MaseOptions;
import mse.mpi.apps.mase.MaseWorkload;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Which program and which master strategy, shared by the `mse` commands (which pass them on to every
 * rank) and the rank entry point (which parses them back), so both agree on names and defaults.
 */
public final class AppOptions {

    /** The applications MSE ships. */
    public enum App { mase, ep }

    @Option(names = "--app", paramLabel = "APP", defaultValue = "mase",
            description = "Program: mase (Mandelbrot set explorer) or ep (NAS EP-style task farm) (default: ${DEFAULT-VALUE}).")
    App app;

    @Option(names = "--strategy", paramLabel = "S", defaultValue = "single",
            description = "Master strategy: single, multi or dynamic; sweep and predict take a list, e.g. single,multi,dynamic (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--masters", paramLabel = "PM", defaultValue = "2",
            description = "Masters for --strategy multi, 2 <= PM <= np/2; sweep and predict take a list, e.g. 2,4,8 (default: ${DEFAULT-VALUE}).")
    String masters;

    @Option(names = "--prefetch", paramLabel = "K",
            description = "Tasks in flight per slave, every strategy: a master hands each slave K tasks at the start and one more "
                    + "per result, so its next task is already queued when it finishes; 1 = one at a time (seed 001); sweep and "
                    + "predict take a list, e.g. 1,2,4 (default: 1).")
    String prefetch;

    private static final List<String> STRATEGIES = List.of("single", "multi", "dynamic");

    @Option(names = "--split-wait", paramLabel = "DUR", defaultValue = DynamicSettings.DEFAULT_SPLIT_WAIT,
            description = "dynamic: a master splits when its slaves' median wait for a task exceeds DUR (default: ${DEFAULT-VALUE}).")
    String splitWait;

    @Option(names = "--merge-wait", paramLabel = "DUR", defaultValue = DynamicSettings.DEFAULT_MERGE_WAIT,
            description = "dynamic: a secondary master merges back early when that median falls below DUR; 0 = only when done (default: ${DEFAULT-VALUE}).")
    String mergeWait;

    @Option(names = "--max-depth", paramLabel = "N", defaultValue = "" + DynamicSettings.DEFAULT_MAX_DEPTH,
            description = "dynamic: deepest level of secondary masters, rank 0 being 0 (default: ${DEFAULT-VALUE}).")
    int maxDepth;

    @Option(names = "--split-window", paramLabel = "N", defaultValue = "0",
            description = "dynamic: wait samples a decision looks at; 0 = np - 1 (default: ${DEFAULT-VALUE}).")
    int splitWindow;

    @Mixin
    MaseOptions mase;

    @Mixin
    EpOptions ep;

    public App app() {
        return app;
    }

    public MaseOptions mase() {
        return mase;
    }

    public Workload workload() {
        return switch (app) {
            case mase -> new MaseWorkload(mase.job());
            case ep -> named("--ep-tasks/--ep-pairs", ep::workload);
        };
    }

    /** The strategies named by --strategy (a list for sweeps), checked. */
    public List<String> strategies() {
        List<String> names = List.of(strategy.split(",", -1)).stream().map(String::trim).toList();
        for (String name : names) {
            if (!STRATEGIES.contains(name)) {
                throw new IllegalArgumentException("--strategy: expected single, multi or dynamic, got '" + name + "'");
            }
        }
        return names;
    }

    /** The numbers of masters named by --masters (a list for sweeps), checked. */
    public List<Integer> mastersChoices() {
        List<Integer> choices = new ArrayList<>();
        for (String part : masters.split(",", -1)) {
            try {
                choices.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--masters: expected an integer or a list like 2,4,8, got '" + masters + "'");
            }
        }
        return choices;
    }

    /**
     * The numbers of tasks in flight per slave named by --prefetch (a list for sweeps), checked; [1] when not
     * given. K * slaves may exceed the tasks: the start deals K rounds round-robin and stops when the tasks run out.
     */
    public List<Integer> prefetchChoices() {
        if (prefetch == null) {
            return List.of(1);
        }
        List<Integer> choices = new ArrayList<>();
        for (String part : prefetch.split(",", -1)) {
            int k;
            try {
                k = Integer.parseInt(part.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--prefetch: expected a number of tasks per slave or a list like 1,2,4, got '"
                        + prefetch + "'");
            }
            if (k < 1) {
                throw new IllegalArgumentException("--prefetch: expected at least 1 task in flight per slave, got " + k);
            }
            choices.add(k);
        }
        return choices;
    }

    /** Whether --prefetch was given: only then do results carry a prefetch key (existing results keep their keys). */
    public boolean prefetchAsked() {
        return prefetch != null;
    }

    /** The same options with one strategy and one number of masters: one configuration of a sweep. */
    public AppOptions with(String oneStrategy, int pm) {
        return with(oneStrategy, pm, prefetchChoices().get(0));
    }

    /** The same options with one strategy, one number of masters and one K: one configuration of a sweep. */
    public AppOptions with(String oneStrategy, int pm, int k) {
        AppOptions copy = new AppOptions();
        copy.app = app;
        copy.strategy = oneStrategy;
        copy.masters = Integer.toString(pm);
        copy.prefetch = prefetch == null ? null : Integer.toString(k);
        copy.splitWait = splitWait;
        copy.mergeWait = mergeWait;
        copy.maxDepth = maxDepth;
        copy.splitWindow = splitWindow;
        copy.mase = mase;
        copy.ep = ep;
        return copy;
    }

    public Strategy strategy() {
        List<String> names = strategies();
        List<Integer> pms = mastersChoices();
        List<Integer> ks = prefetchChoices();
        if (names.size() > 1 || pms.size() > 1) {
            throw new IllegalArgumentException("--strategy/--masters: lists are only for sweep and predict, got '" + strategy + "' and '" + masters + "'");
        }
        if (ks.size() > 1) {
            throw new IllegalArgumentException("--prefetch: a list is only for sweep and predict, got '" + prefetch + "'");
        }
        int k = ks.get(0);
        return switch (names.get(0)) {
            case "single" -> new SingleMaster(k);
            case "multi" -> named("--masters", () -> new MultipleMasters(pms.get(0), k));
            case "dynamic" -> new DynamicMasters(named("--split-wait/--merge-wait/--max-depth/--split-window",
                    () -> DynamicSettings.parse(splitWait, mergeWait, maxDepth, splitWindow)), k);
            default -> throw new IllegalStateException("checked by strategies()");
        };
    }

    /** Checks everything that can be checked before any rank starts, for a master running in this JVM. */
    public void validate(int np) {
        validate(np, Runtime.getRuntime().maxMemory());
    }

    /**
     * Checks everything that can be checked before any rank starts: np, the workload, the strategy for np, and
     * that the master's results fit a heap of masterHeapBytes.
     */
    public void validate(int np, long masterHeapBytes) {
        if (np < 2) {
            throw new IllegalArgumentException("--np: a master/slave run needs at least 2 ranks, got " + np);
        }
        int tasks = workload().tasks();
        if (strategy().prefetch() > tasks) {
            throw new IllegalArgumentException("--prefetch: at most the " + tasks + " tasks of the workload can be in flight, got "
                    + strategy().prefetch());
        }
        if (strategy() instanceof MultipleMasters ml) {
            named("--masters", () -> {
                ml.validate(np);
                return ml;
            });
        }
        if (app == App.mase) {
            mase.checkFitsHeap(masterHeapBytes);
        }
    }

    /** A value the domain checks, its rule's message prefixed with the options that gave the value. */
    private static <T> T named(String options, java.util.function.Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(options + ": " + e.getMessage(), e);
        }
    }

    /** What this configuration is at np ranks, for summaries. */
    public mse.mpi.launch.RunIdentity identity(int np) {
        return new mse.mpi.launch.RunIdentity(app.name(), strategy().name(), strategy().masters(np).size(), describe(),
                prefetchAsked() ? strategy().prefetch() : null);
    }

    /** A one-line description of the workload for tables. */
    public String describe() {
        return switch (app) {
            case mase -> "MASE " + mase.describe();
            case ep -> "EP " + ep.describe();
        };
    }

    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of("--app", app.name(), "--strategy", strategy, "--masters", masters));
        if (prefetch != null) {
            args.addAll(List.of("--prefetch", prefetch));
        }
        args.addAll(List.of("--split-wait", splitWait, "--merge-wait", mergeWait, "--max-depth", Integer.toString(maxDepth),
                "--split-window", Integer.toString(splitWindow)));
        args.addAll(mase.toArgs());
        args.addAll(ep.toArgs());
        return args;
    }
}
