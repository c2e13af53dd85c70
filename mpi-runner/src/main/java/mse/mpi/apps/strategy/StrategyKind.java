package mse.mpi.apps.strategy;

import java.util.List;
import java.util.function.Function;

/**
 * The registration of one strategy ({@link StrategyOptions#KINDS}): its name on the command line, whether the
 * user chooses its number of masters (--masters; reports then say how many), and how its specifications are
 * read from the options: one, or one per choice of a list (ML's --masters 2,4,8 in a sweep).
 */
public record StrategyKind(String name, boolean mastersChosen, Function<StrategyOptions, List<StrategySpec>> specs) {

    /** A series of a report: "single", "multi Pm=4". */
    public String series(Object masters) {
        return mastersChosen ? name + " Pm=" + masters : name;
    }

    /** In a sentence: "single", "multi with 4 masters". */
    public String inWords(Object masters) {
        return mastersChosen ? name + " with " + masters + " masters" : name;
    }
}
