package mse.mpi.comm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Comm over the Open MPI Java bindings (MPI.COMM_WORLD). Receives probe first so a message of any
 * length can be taken into an array of the right size; MPI's non-overtaking rule makes the recv from
 * the probed (source, tag) return the probed message.
 */
public final class MpiComm implements Comm {

    private final int rank;
    private final int size;
    /** Detached sends not known to be complete; each holds its own copy of the data until it is. */
    private final List<Request> detached = new ArrayList<>();

    private MpiComm(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    /** MPI_Init and a Comm over COMM_WORLD; close() finalizes. */
    public static MpiComm init(String[] args) {
        try {
            MPI.Init(args);
            return new MpiComm(MPI.COMM_WORLD.getRank(), MPI.COMM_WORLD.getSize());
        } catch (MPIException e) {
            throw new CommException("MPI_Init failed: " + e.getMessage(), e);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void send(byte[] data, int dest, int tag) {
        try {
            MPI.COMM_WORLD.send(data, data.length, MPI.BYTE, dest, tag);
        } catch (MPIException e) {
            throw failure("send to " + dest, e);
        }
    }

    @Override
    public void sendDetached(byte[] data, int dest, int tag) {
        try {
            reapDetached();
            ByteBuffer copy = MPI.newByteBuffer(data.length);
            copy.put(data).flip();
            detached.add(MPI.COMM_WORLD.iSend(copy, data.length, MPI.BYTE, dest, tag));
        } catch (MPIException e) {
            throw failure("send to " + dest, e);
        }
    }

    /** Frees the detached sends that completed, so their buffers can go. */
    private void reapDetached() throws MPIException {
        Iterator<Request> it = detached.iterator();
        while (it.hasNext()) {
            Request r = it.next();
            if (r.test()) {
                r.free();
                it.remove();
            }
        }
    }

    @Override
    public Message recv(int source, int tag) {
        try {
            Status probed = MPI.COMM_WORLD.probe(mpiSource(source), mpiTag(tag));
            int bytes = probed.getCount(MPI.BYTE);
            byte[] data = new byte[bytes];
            Status got = MPI.COMM_WORLD.recv(data, bytes, MPI.BYTE, probed.getSource(), probed.getTag());
            return new Message(got.getSource(), got.getTag(), data);
        } catch (MPIException e) {
            throw failure("receive from " + describe(source), e);
        }
    }

    @Override
    public Envelope probe(int source, int tag) {
        try {
            Status probed = MPI.COMM_WORLD.probe(mpiSource(source), mpiTag(tag));
            return new Envelope(probed.getSource(), probed.getTag(), probed.getCount(MPI.BYTE));
        } catch (MPIException e) {
            throw failure("probe " + describe(source), e);
        }
    }

    @Override
    public double wtime() {
        try {
            return MPI.wtime();
        } catch (MPIException e) {
            throw failure("wtime", e);
        }
    }

    @Override
    public void close() {
        try {
            if (!detached.isEmpty()) {
                Request.waitAll(detached.toArray(new Request[0]));
                detached.clear();
            }
            MPI.Finalize();
        } catch (MPIException e) {
            throw failure("MPI_Finalize", e);
        }
    }

    private static int mpiSource(int source) {
        return source == ANY_SOURCE ? MPI.ANY_SOURCE : source;
    }

    private static int mpiTag(int tag) {
        return tag == ANY_TAG ? MPI.ANY_TAG : tag;
    }

    private static String describe(int source) {
        return source == ANY_SOURCE ? "any source" : "rank " + source;
    }

    private CommException failure(String what, MPIException e) {
        return new CommException("rank " + rank + ": MPI " + what + " failed: " + e.getMessage(), e);
    }
}
