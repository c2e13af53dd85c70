package mse.mpi.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `mse model`: what a profile's model says, without running anything. */
@Command(name = "model", mixinStandardHelpOptions = true, subcommands = ModelRttCommand.class,
        description = "Evaluate a profile's LogGPS model without running a program.")
final class ModelCommand implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
