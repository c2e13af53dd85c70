import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * MPI-3 requests on Open MPI's own Java bindings (mpi.jar), unmodified by MSE: persistent requests (sendInit, recvInit,
 * Prequest.startAll) passing a value round a ring, nonblocking collectives (iBcast, iAllReduce, iBarrier) completed
 * together by Request.waitAll, and a matched probe (Message.mProbe, mRecv) sized by its status. Usage: java -cp
 * examples/java-mpi/build Mpi3Requests [ROUNDS] (default 4), on 2 or more ranks. Prints one deterministic line.
 */
public final class Mpi3Requests {

    private Mpi3Requests() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long ring = ring(rank, size, rounds);
        IntBuffer root = MPI.newIntBuffer(2);
        IntBuffer mine = MPI.newIntBuffer(1);
        IntBuffer sum = MPI.newIntBuffer(1);
        root.put(0, rank == size - 1 ? 7 : -1).put(1, rank == size - 1 ? 11 : -1);
        mine.put(0, rank + 1);
        Request[] collectives = {MPI.COMM_WORLD.iBcast(root, 2, MPI.INT, size - 1),
            MPI.COMM_WORLD.iAllReduce(mine, sum, 1, MPI.INT, MPI.SUM), MPI.COMM_WORLD.iBarrier()};
        Request.waitAll(collectives);
        int probed = matchedProbe(rank, size);
        if (rank == 0) {
            System.out.println("ring " + ring + ", bcast " + root.get(0) + " " + root.get(1) + ", sum " + sum.get(0)
                    + ", probed " + probed);
        }
        MPI.Finalize();
    }

    /** Each round every rank sends its value to the right and takes the left's, through the same two requests. */
    private static long ring(int rank, int size, int rounds) throws MPIException {
        IntBuffer out = MPI.newIntBuffer(1);
        IntBuffer in = MPI.newIntBuffer(1);
        Prequest send = MPI.COMM_WORLD.sendInit(out, 1, MPI.INT, (rank + 1) % size, 1);
        Prequest receive = MPI.COMM_WORLD.recvInit(in, 1, MPI.INT, (rank + size - 1) % size, 1);
        long total = 0;
        for (int round = 0; round < rounds; round++) {
            out.put(0, 100 * round + rank);
            Prequest.startAll(new Prequest[] {receive, send});
            Request.waitAll(new Request[] {receive, send});
            total += in.get(0);
        }
        send.free();
        receive.free();
        return total;
    }

    /** Rank 0 learns the size of each other rank's message from a matched probe, then receives exactly it. */
    private static int matchedProbe(int rank, int size) throws MPIException {
        if (rank != 0) {
            int[] values = new int[rank];
            java.util.Arrays.fill(values, rank);
            MPI.COMM_WORLD.send(values, rank, MPI.INT, 0, 7);
            return 0;
        }
        int total = 0;
        for (int k = 1; k < size; k++) {
            Message message = new Message();
            Status status = message.mProbe(MPI.ANY_SOURCE, 7, MPI.COMM_WORLD);
            int[] values = new int[status.getCount(MPI.INT)];
            message.mRecv(values, values.length, MPI.INT);
            for (int v : values) {
                total += v;
            }
        }
        return total;
    }
}
