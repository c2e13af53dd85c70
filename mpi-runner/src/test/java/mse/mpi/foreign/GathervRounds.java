package mse.mpi.foreign;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import mse.mpi.comm.Comm;
import mse.mpi.rank.RankResult;
import mse.mpi.rank.RankRuntime;
import mse.mpi.rank.RankRuntimeOptions;
import mse.mpi.rank.RunIdentity;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Java twin of mpi-runner/src/test/c/gatherv-rounds.c on MSE's Comm: the same task reports and, each round, the
 * same blocks of varying length gathered at the same root, so that in a deterministic task-cost mode the C program's
 * MPI_Gatherv through the interposition library and this program's gather through EmulatedComm must give the same
 * prediction to the bit (docs/interposition.md: Gatherv is charged as the Java gather of its blocks).
 */
public final class GathervRounds implements Callable<Integer> {

    @Option(names = "--rounds", defaultValue = "12")
    int rounds;

    @Mixin
    RankRuntimeOptions runtime;

    public static void main(String[] args) {
        System.exit(new CommandLine(new GathervRounds()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        RankRuntime rank = RankRuntime.open(runtime, np -> List.of(0));
        try {
            Comm comm = rank.comm();
            long gathered = 0;
            for (int round = 0; round < rounds; round++) {
                if (comm.rank() > 0) {
                    comm.taskDone(round * (comm.size() - 1) + comm.rank() - 1, comm.rank());
                }
                int root = round % comm.size();
                List<byte[]> blocks = comm.gather(block(comm.rank(), round), root);
                for (int r = 0; r < comm.size(); r++) {
                    if (blocks != null && !Arrays.equals(block(r, round), blocks.get(r))) {
                        throw new IllegalStateException("round " + round + ": rank " + r + "'s block is wrong");
                    }
                    gathered += block(r, round).length;
                }
            }
            RankResult result = comm.rank() == 0
                    ? new RankResult(comm.size(), rounds * (comm.size() - 1), 0, rounds + " rounds, " + gathered + " bytes gathered", null)
                    : null;
            rank.finish(new RunIdentity("gatherv-rounds", "single", 1, rounds + " rounds"), result);
            return 0;
        } catch (Exception | Error e) {
            return rank.fail(e);
        }
    }

    /** Rank's block of round: (3 rank + round) mod 5 times 40 bytes, byte i being rank + i. */
    private static byte[] block(int rank, int round) {
        byte[] block = new byte[(3 * rank + round) % 5 * 40];
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) (rank + i);
        }
        return block;
    }
}
