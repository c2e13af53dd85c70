import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Two farms on the two halves of the world, on Open MPI's own Java bindings (mpi.jar), unmodified by MSE: the world is
 * split by rank (Comm.split), each half duplicated (Comm.dup) for its farm, whose master (rank 0 of the half) hands out
 * numbers to square and takes the results from MPI.ANY_SOURCE with MPI.ANY_TAG on its own duplicate; each half then
 * sums what its ranks did with allReduce and broadcasts its master's checksum, and the world's rank 0 prints both
 * halves' lines, in order. Usage: java -cp examples/java-mpi/build SplitFarms [TASKS] (default 40 per farm), 4 or more
 * ranks. Prints deterministic lines.
 */
public final class SplitFarms {

    private static final int STOP_TAG = 1;
    private static final int WORK_TAG = 2;

    private SplitFarms() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int color = rank < size / 2 ? 0 : 1;
        Intracomm half = MPI.COMM_WORLD.split(color, rank);
        Intracomm farm = half.dup();
        long[] checksum = new long[1];
        int[] mine = new int[1];
        if (farm.getRank() == 0) {
            checksum[0] = master(farm, tasks, color);
        } else {
            mine[0] = worker(farm);
        }
        int[] done = new int[1];
        farm.allReduce(mine, done, 1, MPI.INT, MPI.SUM);
        farm.bcast(checksum, 1, MPI.LONG, 0);
        long[] line = {color, farm.getSize(), done[0], checksum[0]};
        if (rank == 0) {
            print(line);
            long[] other = new long[4];
            MPI.COMM_WORLD.recv(other, 4, MPI.LONG, size / 2, 0);
            print(other);
        } else if (rank == size / 2) {
            MPI.COMM_WORLD.send(line, 4, MPI.LONG, 0, 0);
        }
        farm.free();
        half.free();
        MPI.Finalize();
    }

    private static void print(long[] line) {
        System.out.println("split-farms half=" + line[0] + " ranks=" + line[1] + " done=" + line[2] + " checksum="
                + line[3]);
    }

    /** Hands out tasks 1..tasks; returns a checksum of the results (order-free: a sum), offset by the half. */
    private static long master(Intracomm farm, int tasks, int color) throws MPIException {
        int next = 1;
        int busy = 0;
        int[] task = new int[1];
        for (int w = 1; w < farm.getSize(); w++) {
            task[0] = next <= tasks ? next++ : 0;
            farm.send(task, 1, MPI.INT, w, task[0] == 0 ? STOP_TAG : WORK_TAG);
            busy += task[0] == 0 ? 0 : 1;
        }
        long sum = color * 1000000L;
        int[] result = new int[1];
        while (busy > 0) {
            Status status = farm.recv(result, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            sum += result[0];
            task[0] = next <= tasks ? next++ : 0;
            farm.send(task, 1, MPI.INT, status.getSource(), task[0] == 0 ? STOP_TAG : WORK_TAG);
            busy -= task[0] == 0 ? 1 : 0;
        }
        return sum;
    }

    /** Squares what it is given until told to stop; returns how many it did. */
    private static int worker(Intracomm farm) throws MPIException {
        int[] task = new int[1];
        int count = 0;
        while (true) {
            Status status = farm.recv(task, 1, MPI.INT, 0, MPI.ANY_TAG);
            if (status.getTag() == STOP_TAG) {
                return count;
            }
            int[] result = {task[0] * task[0]};
            farm.send(result, 1, MPI.INT, 0, WORK_TAG);
            count++;
        }
    }
}
