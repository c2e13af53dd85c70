package mse.mpi.apps.strategy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * --strategy and each strategy's own options, read once into {@link StrategySpec}s. The command line and the
 * rank entry point share this mixin, so both agree on names and defaults. {@link #KINDS} registers the
 * strategies: their names, help and parsing all come from it.
 */
public final class StrategyOptions {

    public static final String STRATEGY = "--strategy";

    /** The strategies MSE knows, in the order help lists them. */
    public static final List<StrategyKind> KINDS = List.of(
            new StrategyKind(Single.NAME, false, o -> List.of(new Single())),
            new StrategyKind(Multi.NAME, true, o -> o.multi.masters.stream().<StrategySpec>map(Multi::new).toList()),
            new StrategyKind(Dynamic.NAME, false, o -> List.of(new Dynamic(o.dynamic.settings()))));

    @Option(names = STRATEGY, paramLabel = "S", defaultValue = Single.NAME, split = ",", completionCandidates = Names.class,
            description = "Master strategy: ${COMPLETION-CANDIDATES}; sweep and predict take a list, e.g. single,multi,dynamic (default: ${DEFAULT-VALUE}).")
    List<String> names;

    @Mixin
    Multi.Options multi;

    @Mixin
    Dynamic.Options dynamic;

    private List<StrategySpec> specs;

    /** Every configuration named (a list for sweeps: each strategy, ML once per --masters), checked; read once. */
    public List<StrategySpec> specs() {
        if (specs == null) {
            List<StrategySpec> all = new ArrayList<>();
            for (String name : names) {
                all.addAll(kind(name.trim()).orElseThrow(() -> new IllegalArgumentException(
                        STRATEGY + ": expected " + String.join(", ", new Names()) + ", got '" + name + "'")).specs().apply(this));
            }
            specs = List.copyOf(all);
        }
        return specs;
    }

    /** The one configuration of a single run; lists are for sweep and predict. */
    public StrategySpec spec() {
        List<StrategySpec> all = specs();
        if (all.size() != 1) {
            throw new IllegalArgumentException("--strategy/--masters: lists are only for sweep and predict, got "
                    + all.stream().map(StrategySpec::label).toList());
        }
        return all.get(0);
    }

    /** The strategy names as given, e.g. [single, multi] (summary.json's strategies). */
    public List<String> names() {
        return names.stream().map(String::trim).toList();
    }

    public static Optional<StrategyKind> kind(String name) {
        return KINDS.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    /** The registered names, for help and messages. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return KINDS.stream().map(StrategyKind::name).iterator();
        }
    }
}
