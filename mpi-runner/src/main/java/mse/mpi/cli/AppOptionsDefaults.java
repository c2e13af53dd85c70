package mse.mpi.cli;

import mse.mpi.apps.AppOptions;
import picocli.CommandLine;

/** Workloads some commands use when the user names none. */
final class AppOptionsDefaults {

    private AppOptionsDefaults() {
    }

    /** The soak's default: the 1,048,576-task MASE of the issue (1024x1024, one point per task). */
    static AppOptions soak() {
        AppOptions soak = new AppOptions();
        new CommandLine(new Holder(soak)).parseArgs("--image", "1024x1024", "--task-points", "1");
        return soak;
    }

    /** The same workload cut into tasks of `points` points (MASE), everything else as given. */
    static AppOptions withTaskPoints(AppOptions app, int points) {
        java.util.List<String> args = new java.util.ArrayList<>(app.toArgs());
        int at = args.indexOf("--task-points");
        if (at < 0) {
            throw new BadInputException("--task-points: the " + app.describe() + " workload has no task granularity to vary");
        }
        args.set(at + 1, Integer.toString(points));
        AppOptions copy = new AppOptions();
        new CommandLine(new Holder(copy)).parseArgs(args.toArray(String[]::new));
        return copy;
    }

    @CommandLine.Command
    private static final class Holder {
        @CommandLine.Mixin
        final AppOptions options;

        Holder(AppOptions options) {
            this.options = options;
        }
    }
}
