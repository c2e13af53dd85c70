package mse.mpi.apps.strategy;

import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The registration of one strategy, and the picocli mixin of its own options ({@code @Option} fields): its name on
 * the command line, how its specifications are read from those options (one, or one per choice of a list: ML's
 * --masters 2,4,8 in a sweep), whether the user chooses its number of masters (reports then say how many).
 * Registering is one line, the class's binary name, in META-INF/services/mse.mpi.apps.strategy.StrategyKind:
 * {@link #registered()} finds it with {@link ServiceLoader}, and every command line, the ranks' included, gets it
 * (docs/strategies.md, "Adding a strategy"). Implementations need a public no-argument constructor.
 */
public interface StrategyKind {

    /** The name used on the command line and in summary.json. */
    String name();

    /** Its configurations from its options as picocli set them on this instance, checked; messages name the options. */
    List<StrategySpec> specs();

    /** Whether --masters-like options choose the number of masters, so that reports say how many. */
    default boolean mastersChosen() {
        return false;
    }

    /** Its options that take a list, one value per point of a sweep (not shared by the points: `--resume` ignores them). */
    default Set<String> pointOptions() {
        return Set.of();
    }

    /** A series of a report: "single", "multi Pm=4". */
    default String series(Object masters) {
        return mastersChosen() ? name() + " Pm=" + masters : name();
    }

    /** In a sentence: "single", "multi with 4 masters". */
    default String inWords(Object masters) {
        return mastersChosen() ? name() + " with " + masters + " masters" : name();
    }

    /**
     * The registered strategies in the order of registration, each a fresh instance: a command line parses into
     * its own options, never another's.
     */
    static List<StrategyKind> registered() {
        return ServiceLoader.load(StrategyKind.class, StrategyKind.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList();
    }
}
