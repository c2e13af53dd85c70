package mse.mpi.apps.strategy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * --strategy and each registered strategy's own options ({@link StrategyKind#registered()}), read once into
 * {@link StrategySpec}s. The command line and the rank entry point share this mixin, so both agree on names and
 * defaults; help and messages list the registered names.
 */
public final class StrategyOptions {

    public static final String STRATEGY = "--strategy";

    /** The registered strategies, for what only needs their names and reports (never parsed into). */
    private static final List<StrategyKind> REGISTERED = StrategyKind.registered();

    @Option(names = STRATEGY, paramLabel = "S", defaultValue = Single.NAME, split = ",", completionCandidates = Names.class,
            description = "Master strategy: ${COMPLETION-CANDIDATES}; sweep and predict take a list, e.g. single,multi,dynamic (default: ${DEFAULT-VALUE}).")
    List<String> names;

    /** This command line's own instance of every registered strategy, its options parsed into it. */
    private List<StrategyKind> kinds;

    private List<StrategySpec> specs;

    /**
     * Picocli hands this mixin its model while building it, before the command copies the mixin's options: each
     * registered strategy's options join it here, so no field names a strategy.
     */
    @Spec(Spec.Target.SELF)
    void addStrategyOptions(CommandSpec self) {
        if (kinds == null) {
            kinds = StrategyKind.registered();
            for (StrategyKind kind : kinds) {
                // lenient: a strategy may have no option of its own (SI)
                self.addMixin(kind.name(), CommandSpec.forAnnotatedObjectLenient(kind));
            }
        }
    }

    /** Every configuration named (a list for sweeps: each strategy, ML once per --masters), checked; read once. */
    public List<StrategySpec> specs() {
        if (specs == null) {
            List<StrategySpec> all = new ArrayList<>();
            for (String name : names()) {
                all.addAll(find(kinds, name).orElseThrow(() -> new IllegalArgumentException(
                        STRATEGY + ": expected " + String.join(", ", new Names()) + ", got '" + name + "'")).specs());
            }
            specs = List.copyOf(all);
        }
        return specs;
    }

    /** The one configuration of a single run; lists are for sweep and predict. */
    public StrategySpec spec() {
        List<StrategySpec> all = specs();
        if (all.size() != 1) {
            List<String> options = new ArrayList<>(List.of(STRATEGY));
            names().forEach(name -> find(kinds, name).ifPresent(kind -> options.addAll(kind.pointOptions().stream().sorted().toList())));
            throw new IllegalArgumentException(String.join("/", options.stream().distinct().toList())
                    + ": lists are only for sweep and predict, got " + all.stream().map(StrategySpec::label).toList());
        }
        return all.get(0);
    }

    /** The strategy names as given, e.g. [single, multi] (summary.json's strategies). */
    public List<String> names() {
        return names.stream().map(String::trim).toList();
    }

    /** The registered strategy of that name, for reports. */
    public static Optional<StrategyKind> kind(String name) {
        return find(REGISTERED, name);
    }

    /** The registered strategies, in the order help lists them. */
    public static List<StrategyKind> kinds() {
        return REGISTERED;
    }

    private static Optional<StrategyKind> find(List<StrategyKind> kinds, String name) {
        return kinds.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The registered names, for help and messages. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return REGISTERED.stream().map(StrategyKind::name).iterator();
        }
    }
}
