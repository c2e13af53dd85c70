package mse.mpi.experiment;

import java.util.ArrayList;
import java.util.List;
import mse.mpi.apps.Program;
import mse.mpi.options.BadInputException;

/**
 * The configurations of a sweep or a predicted sweep: every configuration of --strategy (ML once per --masters)
 * x --prefetch K x P of --np, in that order. A configuration that does not fit a P (ML: 2 <= PM <= P/2) is skipped with a note.
 */
public final class SweepPlan {

    /** One configuration at one P, and the name of its directory among the others. */
    public record Configuration(Program program, int np, String dirName) {}

    private SweepPlan() {
    }

    public static List<Configuration> of(List<Program> programs, List<Integer> nps, String command) {
        boolean several = programs.stream().map(p -> p.strategy().label()).distinct().count() > 1;
        List<Configuration> plan = new ArrayList<>();
        for (Program program : programs) {
            for (int np : nps) {
                var misfit = program.strategy().misfit(np);
                if (misfit.isPresent()) {
                    System.err.printf("[%s] skipping %s at P = %d: %s%n", command, program.strategy().label(), np, misfit.get());
                    continue;
                }
                // k1 adds nothing, so a sweep resumed with more K keeps its directories
                String point = (program.tasksInFlight() == 1 ? "" : "k" + program.tasksInFlight() + "-") + "np-" + np;
                plan.add(new Configuration(program, np, several ? program.strategy().label() + "-" + point : point));
            }
        }
        if (plan.isEmpty()) {
            throw new BadInputException("--strategy/--masters: no configuration fits the P swept ("
                    + String.join("; ", programs.stream().flatMap(p -> nps.stream().flatMap(np -> p.strategy().misfit(np).stream())).toList())
                    + ")");
        }
        return plan;
    }
}
