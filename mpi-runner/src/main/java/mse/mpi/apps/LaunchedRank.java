package mse.mpi.apps;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import mse.mpi.apps.ep.EpSpec;
import mse.mpi.apps.mase.MaseOptions;
import mse.mpi.apps.mase.MaseSpec;
import mse.mpi.apps.strategy.Single;
import mse.mpi.rank.RankRuntimeOptions;

/**
 * The command line MSE's launcher gives the ranks it starts ({@link RankArguments}, then --result-file and the
 * emulator's settings), read without picocli: building picocli's model of every option from their annotations cost a
 * rank JVM about as much CPU as the rest of its start (picocli's classes are also too old for a class data archive),
 * and every rank pays it. Only that form is read here, each value given explicitly: the single master, every option of
 * the application, "--name value" pairs. Anything else (another strategy, a default left out, --emulate, a value it
 * cannot read) is not read here, and RankMain parses the line with picocli, which also words its errors.
 */
public record LaunchedRank(Program program, Path resultFile, RankRuntimeOptions runtime) {

    private static final Set<String> MASE = Set.of("--image", "--region", "--max-iter", "--task-points");
    private static final Set<String> EP = Set.of("--ep-tasks", "--ep-pairs", "--ep-seed");
    private static final Set<String> OTHERS = Set.of("--app", "--png", "--strategy", Program.PREFETCH, "--result-file",
            "--emulator", "--task-cost", "--collectives", "--chaos-delay-ms");
    private static final String REPORT_CALLS = "--report-calls";

    /** The rank this command line describes, or empty when picocli must read it. */
    public static Optional<LaunchedRank> read(String[] args) {
        Map<String, String> values = new HashMap<>();
        boolean reportCalls = false;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals(REPORT_CALLS) && !reportCalls) {
                reportCalls = true;
            } else if ((MASE.contains(name) || EP.contains(name) || OTHERS.contains(name)) && i + 1 < args.length
                    && !values.containsKey(name)) {
                values.put(name, args[++i]);
            } else {
                return Optional.empty();
            }
        }
        if (!Single.NAME.equals(values.get("--strategy"))) {
            return Optional.empty();
        }
        String emulator = values.get("--emulator");
        if (emulator != null && !(values.containsKey("--task-cost") && values.containsKey("--collectives"))) {
            return Optional.empty();
        }
        try {
            WorkloadSpec workload;
            if (MaseSpec.APP.equals(values.get("--app")) && values.keySet().containsAll(MASE) && !containsAny(values, EP)) {
                String png = values.get("--png");
                workload = MaseOptions.spec(MaseOptions.size(values.get("--image")), MaseOptions.region(values.get("--region")),
                        Integer.parseInt(values.get("--max-iter")), Integer.parseInt(values.get("--task-points")),
                        png == null ? null : Path.of(png));
            } else if ("ep".equals(values.get("--app")) && values.keySet().containsAll(EP) && !containsAny(values, MASE)
                    && !values.containsKey("--png")) {
                workload = new EpSpec(Integer.parseInt(values.get("--ep-tasks")), Integer.parseInt(values.get("--ep-pairs")),
                        Long.parseLong(values.get("--ep-seed")));
            } else {
                return Optional.empty();
            }
            String prefetch = values.get(Program.PREFETCH);
            Program program = new Program(workload, new Single(), prefetch == null ? null : Integer.valueOf(prefetch));
            String resultFile = values.get("--result-file");
            String chaos = values.get("--chaos-delay-ms");
            RankRuntimeOptions runtime = RankRuntimeOptions.launched(emulator, values.get("--collectives"), reportCalls,
                    values.get("--task-cost"), chaos == null ? 0 : Integer.parseInt(chaos));
            return Optional.of(new LaunchedRank(program, resultFile == null ? null : Path.of(resultFile), runtime));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static boolean containsAny(Map<String, String> values, Set<String> names) {
        return names.stream().anyMatch(values::containsKey);
    }

    /** The options this reads, for the test that holds them to RankArguments and the launcher. */
    static List<String> names() {
        return java.util.stream.Stream.of(MASE, EP, OTHERS, Set.of(REPORT_CALLS)).flatMap(Set::stream).sorted().toList();
    }
}
