package mse.mpi.cli;

import java.io.PrintWriter;
import mse.cluster.profiles.ProfileException;
import mse.emulator.actors.EmulationFailedException;
import mse.mpi.launch.LaunchException;
import mse.mpi.launch.PreflightException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The `mse` command. Bad input (an option, a value, a file) ends with one line naming it and exit
 * code 2; a run that fails ends with one line saying why and exit code 1; never a stack trace.
 */
@Command(name = "mse", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "MSE predicts how master/slave MPI programs perform on a cluster you do not have.",
        footer = {"", "Examples:", "  ./run.sh emulate --np 8 --profile mpich-fast-ethernet --task-points 16",
                "  ./run.sh sweep --strategy single,multi --masters 2,4 --np 8,16,32",
                "  ./run.sh predict --np 2,4,8,16,32,64 --image 1024x1024", "  ./run.sh <command> --help"},
        subcommands = {RunCommand.class, EmulateCommand.class, SweepCommand.class, PredictCommand.class,
                CalibrateCommand.class, ValidateCommand.class, PlaceCommand.class, ModelCommand.class, CompareCommand.class, BenchCommand.class})
public final class Mse implements Runnable {

    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_FAILED = 1;

    public static void main(String[] args) {
        int code = commandLine().execute(args);
        RunLog.detach();
        System.exit(code);
    }

    /** The configured command line, also used by tests. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Mse());
        cl.setParameterExceptionHandler((ex, argv) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("mse: " + ex.getMessage() + " (see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return EXIT_BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (ex instanceof BadInputException || ex instanceof IllegalArgumentException || ex instanceof ProfileException
                    || ex instanceof PreflightException) {
                err.println("mse: " + ex.getMessage());
                return EXIT_BAD_INPUT;
            }
            if (ex instanceof LaunchException || ex instanceof EmulationFailedException) {
                err.println("mse: " + ex.getMessage());
                return EXIT_FAILED;
            }
            throw ex;
        });
        return cl;
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
