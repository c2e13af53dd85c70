package mse.mpi.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * A program on a rank's command line, as {@link RankMain} parses it back: the application, its own options and
 * its strategy's and the farm's --prefetch when given, nothing of another application or strategy (a MASE rank never
 * sees --ep-seed).
 */
public final class RankArguments {

    private RankArguments() {
    }

    public static List<String> of(Program program) {
        List<String> args = new ArrayList<>(List.of("--app", program.app()));
        args.addAll(program.workload().toArgs());
        args.addAll(program.strategy().toArgs());
        if (program.prefetch() != null) {
            args.addAll(List.of(Program.PREFETCH, Integer.toString(program.prefetch())));
        }
        return args;
    }
}
