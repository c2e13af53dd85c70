import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The v all-to-all, the scans and the reduce-scatters on Open MPI's own Java bindings (mpi.jar), unmodified by MSE:
 * allToAllv with blocks of 0 to 2 ints, scan and exScan (exScan in place, rank 0's buffer left as it was), iScan
 * under a wait, reduceScatter and reduceScatterBlock, on the world and on splitType(Comm.TYPE_SHARED)'s communicator
 * of the ranks of one host. Usage: java -cp examples/java-mpi/build PrefixesAndExchanges, on 2 to 8 ranks. Rank 0
 * prints one deterministic line per communicator.
 */
public final class PrefixesAndExchanges {

    private PrefixesAndExchanges() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int worldRank = MPI.COMM_WORLD.getRank();
        Intracomm shared = MPI.COMM_WORLD.splitType(Comm.TYPE_SHARED, -worldRank, MPI.INFO_NULL);
        String world = line(MPI.COMM_WORLD);
        String host = line(shared);
        if (worldRank == 0) {
            System.out.println("world: " + world);
            System.out.println("one host, " + shared.getSize() + " ranks: " + host);
        }
        shared.free();
        MPI.Finalize();
    }

    /** Every call once on comm; what its rank holds afterwards, summed into one line's figures. */
    private static String line(Intracomm comm) throws MPIException {
        int rank = comm.getRank();
        int size = comm.getSize();
        int[] sendCounts = new int[size];
        int[] recvCounts = new int[size];
        int[] displs = new int[size];
        int[] send = new int[2 * size];
        int[] received = new int[2 * size];
        for (int j = 0; j < size; j++) {
            sendCounts[j] = (rank + 2 * j) % 3; // what j expects from this rank: j's recvCounts[rank]
            recvCounts[j] = (j + 2 * rank) % 3;
            displs[j] = 2 * j;
            send[2 * j] = 100 * rank + j;
            send[2 * j + 1] = 100 * rank + j + 50;
        }
        comm.allToAllv(send, sendCounts, displs, MPI.INT, received, recvCounts, displs, MPI.INT);
        long exchanged = 0;
        for (int j = 0; j < size; j++) {
            for (int k = 0; k < recvCounts[j]; k++) {
                exchanged += received[2 * j + k];
            }
        }
        int[] mine = {rank + 1};
        int[] upTo = new int[1];
        comm.scan(mine, upTo, 1, MPI.INT, MPI.SUM);
        int[] before = {rank + 1};
        comm.exScan(before, 1, MPI.INT, MPI.PROD);
        IntBuffer in = MPI.newIntBuffer(1).put(0, rank + 1);
        IntBuffer most = MPI.newIntBuffer(1);
        Request pending = comm.iScan(in, most, 1, MPI.INT, MPI.MAX);
        pending.waitFor();
        pending.free();
        int[] vector = new int[2 * size];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = 10 * rank + i;
        }
        int[] block = new int[2];
        comm.reduceScatterBlock(vector, block, 2, MPI.INT, MPI.SUM);
        int[] counts = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = r % 2 == 0 ? 2 : 0;
        }
        int[] uneven = {-1, -1};
        comm.reduceScatter(vector, uneven, counts, MPI.INT, MPI.MIN);
        long[] mineAll = {exchanged, upTo[0], before[0], most.get(0), block[0] + block[1], uneven[0] + uneven[1]};
        long[] sums = new long[mineAll.length];
        comm.allReduce(mineAll, sums, mineAll.length, MPI.LONG, MPI.SUM);
        return "alltoallv " + sums[0] + ", scan " + sums[1] + ", exscan " + sums[2] + ", iscan " + sums[3]
                + ", reduce_scatter_block " + sums[4] + ", reduce_scatter " + sums[5];
    }
}
