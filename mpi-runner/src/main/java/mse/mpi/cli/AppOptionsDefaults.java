package mse.mpi.cli;

import mse.mpi.apps.AppOptions;
import mse.mpi.apps.Program;
import mse.mpi.apps.mase.MaseSpec;
import mse.mpi.options.BadInputException;
import picocli.CommandLine;

/** Workloads some benchmarks use when the user names none. */
final class AppOptionsDefaults {

    private AppOptionsDefaults() {
    }

    /** The soak's default: the 1,048,576-task MASE of the issue (1024x1024, one point per task). */
    static Program soak() {
        AppOptions soak = new AppOptions();
        new CommandLine(new Holder(soak)).parseArgs("--image", "1024x1024", "--task-points", "1");
        return soak.program();
    }

    /** The same workload cut into tasks of `points` points (MASE), everything else as given. */
    static Program withTaskPoints(Program program, int points) {
        if (!(program.workload() instanceof MaseSpec mase)) {
            throw new BadInputException("--task-points: the " + program.describe() + " workload has no task granularity to vary");
        }
        return new Program(mase.withTaskPoints(points), program.strategy());
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
