import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * row-farm on Open MPI's own Java bindings (mpi.jar), unmodified by MSE: a self-scheduling master/worker Mandelbrot
 * image, one row per task, the twin of examples/c/row-farm.c (same rows, messages and checksum). The master (rank 0)
 * receives results from MPI.ANY_SOURCE with MPI.ANY_TAG: the tag names the row, status.getSource() the worker that
 * gets the next row. Usage: java -cp examples/java-mpi/build RowFarm [ROWS [WIDTH [ITERATIONS]]] (defaults 120 160
 * 400). Prints one deterministic line.
 * Messages: a row to compute is 4 bytes (int row, tag = row); a result is WIDTH*4 bytes (int escape counts,
 * tag = row); the end is 4 bytes with tag STOP_TAG.
 */
public final class RowFarm {

    /** Above every row (ROWS is at most 32000). */
    private static final int STOP_TAG = 32000;

    private RowFarm() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 120;
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 160;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 400;
        if (size < 2 || rows < 1 || rows > STOP_TAG || width < 1 || iterations < 1) {
            if (rank == 0) {
                System.err.println("usage: mpirun -np P java RowFarm [ROWS (1.." + STOP_TAG + ") [WIDTH [ITERATIONS]]], P >= 2");
            }
            MPI.Finalize();
            System.exit(2);
        }
        if (rank == 0) {
            master(size - 1, rows, width);
        } else {
            worker(rows, width, iterations);
        }
        MPI.Finalize();
    }

    private static void master(int workers, int rows, int width) throws MPIException {
        int[] image = new int[rows * width];
        int next = 0;
        int busy = 0;
        int[] row = new int[1];
        for (int w = 1; w <= workers; w++) {
            row[0] = next < rows ? next++ : -1;
            MPI.COMM_WORLD.send(row, 1, MPI.INT, w, row[0] < 0 ? STOP_TAG : row[0]);
            busy += row[0] >= 0 ? 1 : 0;
        }
        int[] result = new int[width];
        while (busy > 0) {
            Status status = MPI.COMM_WORLD.recv(result, width, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            System.arraycopy(result, 0, image, status.getTag() * width, width);
            row[0] = next < rows ? next++ : -1;
            MPI.COMM_WORLD.send(row, 1, MPI.INT, status.getSource(), row[0] < 0 ? STOP_TAG : row[0]);
            busy -= row[0] < 0 ? 1 : 0;
        }
        long checksum = 0;
        for (int value : image) {
            checksum = checksum * 31 + value;
        }
        System.out.println("row-farm rows=" + rows + " width=" + width + " checksum=" + Long.toUnsignedString(checksum));
    }

    private static void worker(int rows, int width, int iterations) throws MPIException {
        int[] result = new int[width];
        int[] row = new int[1];
        while (true) {
            Status status = MPI.COMM_WORLD.recv(row, 1, MPI.INT, 0, MPI.ANY_TAG);
            if (status.getTag() == STOP_TAG) {
                return;
            }
            for (int x = 0; x < width; x++) {
                result[x] = escape(-2.0 + 2.6 * x / width, -1.2 + 2.4 * row[0] / rows, iterations);
            }
            MPI.COMM_WORLD.send(result, width, MPI.INT, 0, row[0]);
        }
    }

    private static int escape(double cr, double ci, int iterations) {
        double zr = 0;
        double zi = 0;
        int n = 0;
        while (n < iterations && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + cr;
            zi = 2 * zr * zi + ci;
            zr = t;
            n++;
        }
        return n;
    }
}
