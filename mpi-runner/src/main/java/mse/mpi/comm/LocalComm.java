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
public final class LocalComm implements Comm {

    private final LocalWorld world;
    private final int rank;
    private final PostedReceives receives;
    private final Collectives collectives;
    private boolean closed;

    LocalComm(LocalWorld world, int rank) {
        this.world = world;
        this.rank = rank;
        this.receives = new PostedReceives(new PostedReceives.Side() {
            @Override
            public Envelope probe(List<MessagePattern> patterns) {
                return world.take(rank, patterns, false).envelope();
            }

            @Override
            public Optional<Envelope> poll(List<MessagePattern> patterns) {
                return world.poll(rank, patterns);
            }

            @Override
            public Message take(int source, int tag) {
                return world.take(rank, source, tag, true);
            }
        });
        this.collectives = new Collectives(this, CollectiveAlgorithm.BINOMIAL);
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
        return receives.recv(source, tag);
    }

    @Override
    public Envelope probe(int source, int tag) {
        return receives.probe(source, tag);
    }

    /** Delivered at once, like every send here. */
    @Override
    public Request isend(byte[] data, int dest, int tag) {
        send(data, dest, tag);
        return receives.sent();
    }

    @Override
    public Request irecv(int source, int tag, int capacity) {
        return receives.post(source, tag, capacity);
    }

    @Override
    public Optional<Envelope> iprobe(int source, int tag) {
        return receives.iprobe(source, tag);
    }

    @Override
    public byte[] bcast(byte[] data, int root) {
        return collectives.bcast(data, root);
    }

    @Override
    public List<byte[]> gather(byte[] data, int root) {
        return collectives.gather(data, root);
    }

    @Override
    public byte[] reduce(byte[] data, ReduceOp op, int root) {
        return collectives.reduce(data, op, root);
    }

    @Override
    public void barrier() {
        collectives.barrier();
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
