package mse.mpi.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `mse model`: the papers' analytical estimators, each a subcommand. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Analytical estimators: 'hp' (seed 003, E = B V plus mesh communication), 'loop' (seed 004, least-squares t_loop).",
        subcommands = {ModelHpCommand.class, ModelLoopCommand.class})
final class ModelCommand implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
