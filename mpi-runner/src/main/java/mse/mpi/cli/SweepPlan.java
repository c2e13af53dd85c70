package mse.mpi.cli;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.apps.AppOptions;

/**
 * The configurations of a sweep or a predicted sweep: every strategy x masters x prefetch x P combination of
 * --strategy, --masters, --prefetch and --np, in that order. A number of masters that does not fit a P (2 <= PM <= P/2)
 * is skipped with a note, and single and dynamic run once whatever --masters lists.
 */
final class SweepPlan {

    /** One configuration at one P: its options, and the name of its directory among the others. */
    record Configuration(AppOptions app, String strategy, int masters, int prefetch, int np, String dirName) {}

    private SweepPlan() {
    }

    static List<Configuration> of(AppOptions app, List<Integer> nps, String command) {
        List<String> strategies = BadInputException.check(app::strategies);
        List<Integer> masters = BadInputException.check(app::mastersChoices);
        List<Integer> prefetches = BadInputException.check(app::prefetchChoices);
        boolean several = strategies.size() > 1 || (strategies.contains("multi") && masters.size() > 1);
        List<Configuration> plan = new ArrayList<>();
        for (String strategy : strategies) {
            for (int pm : strategy.equals("multi") ? masters : List.of(masters.get(0))) {
                for (int k : prefetches) {
                    for (int np : nps) {
                        if (strategy.equals("multi") && (pm < 2 || pm > np / 2)) {
                            System.err.printf("[%s] skipping multi with %d masters at P = %d (needs 2 <= PM <= P/2)%n", command, pm, np);
                            continue;
                        }
                        String label = strategy + (strategy.equals("multi") ? "-m" + pm : "");
                        // k1 adds nothing, so a sweep resumed with more K keeps its directories
                        String point = (k == 1 ? "" : "k" + k + "-") + "np-" + np;
                        plan.add(new Configuration(app.with(strategy, pm, k), strategy, pm, k, np, several ? label + "-" + point : point));
                    }
                }
            }
        }
        if (plan.isEmpty()) {
            throw new BadInputException("--masters: no configuration fits the P swept (multi needs 2 <= PM <= P/2)");
        }
        return plan;
    }
}
