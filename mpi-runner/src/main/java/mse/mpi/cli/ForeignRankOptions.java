package mse.mpi.cli;

import java.util.List;
import mse.mpi.launch.ForeignProgram;
import picocli.CommandLine.Option;

/**
 * Which ranks of a foreign program are masters and which CPU clock charges its computation: for a program given
 * after `--` (emulate, sweep) and for the ranks of the user's own mpirun line (emulator).
 */
final class ForeignRankOptions {

    @Option(names = "--master-ranks", paramLabel = "RANKS", defaultValue = "0",
            description = "Your program's master ranks, e.g. 0 or 0,1; each gets a master queue (default: ${DEFAULT-VALUE}).")
    String masterRanks;

    @Option(names = "--rank-cpu", paramLabel = "CLOCK", defaultValue = "thread",
            description = "The computation charged: thread (the thread that called MPI_Init) or process (every thread of "
                    + "the rank but the library's own: OpenMP, pthreads) (default: ${DEFAULT-VALUE}).")
    ForeignProgram.RankCpu rankCpu;

    /** The program of this command line with these ranks' options (IllegalArgumentException for bad ones). */
    ForeignProgram of(List<String> commandLine) {
        return new ForeignProgram(commandLine, ForeignProgram.parseMasters(masterRanks), rankCpu);
    }
}
