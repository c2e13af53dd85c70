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

    @CommandLine.Command
    private static final class Holder {
        @CommandLine.Mixin
        final AppOptions options;

        Holder(AppOptions options) {
            this.options = options;
        }
    }
}
