package mse.mpi.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import mse.cluster.profiles.ProfileException;
import mse.emulator.actors.EmulationFailedException;
import mse.mpi.experiment.RunDirectory;
import mse.mpi.experiment.Versions;
import mse.mpi.launch.LaunchException;
import mse.mpi.launch.PreflightException;
import mse.mpi.options.BadInputException;
import mse.mpi.rank.RunLog;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/**
 * The `mse` command. Bad input (an option, a value, a file) ends with one line naming it and exit code 2; a
 * run that fails (a rank, a host, the emulator, a deadlock) ends with one line saying why and exit code 1; any
 * other exception is a bug in MSE: "internal error, see mse.log" on stderr, its stack trace in mse.log, exit
 * code 70 (EX_SOFTWARE of sysexits.h). Results go to stdout; progress, warnings and errors to stderr.
 */
@Command(name = "mse", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "MSE predicts how master/slave MPI programs perform on a cluster you do not have.",
        footer = {"", "Examples:", "  ./run.sh emulate --np 8 --profile mpich-fast-ethernet --task-points 16",
                "  ./run.sh sweep --strategy single,multi --masters 2,4 --np 8,16,32",
                "  ./run.sh predict --np 2,4,8,16,32,64 --image 1024x1024", "  ./run.sh <command> --help"})
public final class Mse implements Runnable {

    public static final int EXIT_BAD_INPUT = 2;
    public static final int EXIT_FAILED = 1;
    /** A bug in MSE, not in the input or the run (sysexits.h EX_SOFTWARE). */
    public static final int EXIT_INTERNAL_ERROR = 70;

    /** Every command takes it: INFO on stderr as well as in mse.log. */
    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Also show the log's INFO lines on stderr (they always go to mse.log).")
    void verbose(boolean on) {
        RunLog.verbose(on);
    }

    /** The subcommands, in the order the help lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(RunCommand.class, EmulateCommand.class, EmulatorCommand.class,
            SweepCommand.class, PredictCommand.class, CalibrateCommand.class, ValidateCommand.class, PlaceCommand.class, ModelCommand.class,
            CompareCommand.class, BenchCommand.class);

    public static void main(String[] args) throws InterruptedException {
        // logback's start on a thread of its own while picocli builds the command line on this one (both are a visible
        // share of a fresh command's start): nothing logs before the command runs, and it runs once the events are held.
        Thread logStart = new Thread(RunLog::holdEarlyEvents, "log-start");
        logStart.start();
        CommandLine commandLine = commandLine(args.length > 0 ? args[0] : null);
        logStart.join();
        int code = commandLine.execute(args);
        RunLog.detach();
        System.exit(code);
    }

    /** The configured command line with every subcommand, also used by tests. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The configured command line for a command line whose first word is `first`: when it names a subcommand, that
     * subcommand is the only one built (picocli reflects over a command's options and mixins when it is added, a cost
     * every fresh command paid for all eleven); anything else (an option, help, a mistyped name) gets them all.
     */
    static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new Mse());
        boolean named = SUBCOMMANDS.stream().anyMatch(c -> c.getAnnotation(Command.class).name().equals(first));
        for (Class<?> subcommand : SUBCOMMANDS) {
            if (!named || subcommand.getAnnotation(Command.class).name().equals(first)) {
                cl.addSubcommand(subcommand);
            }
        }
        // after picocli's part, which logs nothing, so that main's log start runs beside it (RunLog's methods wait
        // for one another)
        RunLog.detach(); // a command of its own (tests run several in one JVM)
        RunLog.verbose(false);
        // The run's mse.log is closed when its command ends: here when it returns, in the handler when it throws.
        cl.setExecutionStrategy(parseResult -> {
            int code = new CommandLine.RunLast().execute(parseResult);
            if (code == 0) {
                RunDirectory.endedWell();
            } else {
                RunDirectory.ended("failed: exit code " + code);
            }
            RunLog.detach();
            return code;
        });
        cl.setParameterExceptionHandler((ex, argv) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("mse: " + ex.getMessage() + " (see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return EXIT_BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            try {
                int code = exitCode(ex, commandLine.getErr(), parseResult);
                RunDirectory.ended("failed (exit code " + code + "): " + ex.getMessage());
                return code;
            } finally {
                RunLog.detach();
            }
        });
        return cl;
    }

    /** What an exception that ended a command means for the user: bad input (2), a failed run (1) or a bug (70). */
    private static int exitCode(Exception ex, PrintWriter err, CommandLine.ParseResult parseResult) {
        if (ex instanceof BadInputException || ex instanceof ProfileException || ex instanceof PreflightException) {
            err.println("mse: " + ex.getMessage());
            return EXIT_BAD_INPUT;
        }
        if (ex instanceof LaunchException || ex instanceof EmulationFailedException) {
            err.println("mse: " + ex.getMessage());
            return EXIT_FAILED;
        }
        Path log = RunLog.fileForErrors();
        LoggerFactory.getLogger(RunLog.DETAILS).error("internal error in 'mse {}'", String.join(" ", parseResult.originalArgs()), ex);
        err.println("mse: internal error, see " + (log == null ? "the stack trace below" : log) + ": " + ex);
        if (log == null) {
            ex.printStackTrace(err); // no file could be written: the trace must not be lost
        }
        return EXIT_INTERNAL_ERROR;
    }

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
