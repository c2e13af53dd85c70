package mse.mpi.comm;

/** One rank of a LocalWorld: ranks as threads in one JVM, for unit tests and for folding many ranks. */
public final class LocalComm implements Comm {

    private final LocalWorld world;
    private final int rank;
    private boolean closed;

    LocalComm(LocalWorld world, int rank) {
        this.world = world;
        this.rank = rank;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return world.size();
    }

    @Override
    public void send(byte[] data, int dest, int tag) {
        world.deliver(rank, dest, tag, data);
    }

    @Override
    public Message recv(int source, int tag) {
        return world.take(rank, source, tag, true);
    }

    @Override
    public Envelope probe(int source, int tag) {
        return world.take(rank, source, tag, false).envelope();
    }

    /** A waiting rank sleeps on the world's condition. */
    @Override
    public boolean blocksWithoutSpinning() {
        return true;
    }

    /** Wall time, as MPI.Wtime() on a real cluster: this is the plain (not emulated) path. */
    @Override
    public double wtime() {
        return System.nanoTime() / 1e9;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            world.leave(rank);
        }
    }
}
