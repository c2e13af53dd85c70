package mse.mpi.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `mse model`: the models on their own, without running a program. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Models without running a program: 'rtt' (a profile's LogGPS round trip, seed 001 Fig. 1), "
                + "'hp' (seed 003, E = B V plus mesh communication), 'loop' (seed 004, least-squares t_loop).",
        subcommands = {ModelRttCommand.class, ModelHpCommand.class, ModelLoopCommand.class})
final class ModelCommand implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
