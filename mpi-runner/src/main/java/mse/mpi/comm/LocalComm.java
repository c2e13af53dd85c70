package mse.mpi.comm;

import java.util.List;
import java.util.Optional;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.kernel.MessagePattern;

/**
 * One rank of a LocalWorld: ranks as threads in one JVM, for unit tests and for folding many ranks. Its
 * non-blocking receives follow {@link PostedReceives}; its collectives are binomial trees of point-to-point
 * messages ({@link Collectives}).
 */
public final class LocalComm extends MatchingComm {

    private final LocalWorld world;
    private final int rank;
    private boolean closed;

    LocalComm(LocalWorld world, int rank) {
        super(CollectiveAlgorithm.BINOMIAL);
        this.world = world;
        this.rank = rank;
    }

    @Override
    Envelope probeAny(List<MessagePattern> patterns) {
        return world.take(rank, patterns, false).envelope();
    }

    @Override
    Optional<Envelope> pollAny(List<MessagePattern> patterns) {
        return world.poll(rank, patterns);
    }

    @Override
    Message receive(int source, int tag) {
        return world.take(rank, source, tag, true);
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
