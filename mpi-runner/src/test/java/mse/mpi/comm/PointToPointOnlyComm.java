package mse.mpi.comm;

import java.util.List;
import java.util.Optional;

/**
 * A test's stand-in for MPI under an EmulatedComm: it does sends and blocking receives as the test says (and nothing
 * else, which throws), so the test sees exactly what the emulated layer asks of MPI.
 */
abstract class PointToPointOnlyComm implements Comm {

    @Override
    public Envelope probe(int source, int tag) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Request isend(byte[] data, int dest, int tag) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Request irecv(int source, int tag, int capacity) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<Envelope> iprobe(int source, int tag) {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte[] bcast(byte[] data, int root) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<byte[]> gather(byte[] data, int root) {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte[] reduce(byte[] data, ReduceOp op, int root) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void barrier() {
        throw new UnsupportedOperationException();
    }

    @Override
    public double wtime() {
        return 0;
    }

    @Override
    public void close() {
    }
}
