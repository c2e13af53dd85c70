package mse.mpi.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `mse model`: the models on their own, without running a program. */
@Command(name = "model", mixinStandardHelpOptions = true,
        description = "Models without running a program: 'rtt' (a profile's LogGPS round trip, seed 001 Fig. 1), "
                + "'hp' (seed 003, E = B V plus mesh communication), 'loop' (seed 004, least-squares t_loop).",
        subcommands = {ModelRttCommand.class, ModelHpCommand.class, ModelLoopCommand.class},
        footer = {"", "Examples:", "  ./run.sh model rtt --profile mpich-fast-ethernet --np 2,16,64 --size 1",
                "  ./run.sh model hp --file examples/hp-matrix-multiply.conf",
                "  ./run.sh model loop --fit examples/loop-runs.csv --topology torus-3d"})
final class ModelCommand implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }
}
