package mse.mpi.comm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Status;

/**
 * Comm over the Open MPI Java bindings (MPI.COMM_WORLD). Receives probe first so a message of any
 * length can be taken into an array of the right size; MPI's non-overtaking rule makes the recv from
 * the probed (source, tag) return the probed message.
 */
public final class MpiComm implements Comm {

    /** Set by Open MPI in every rank: how many of the job's ranks run on this rank's host. */
    static final String LOCAL_SIZE_VARIABLE = "OMPI_COMM_WORLD_LOCAL_SIZE";

    /** The longest wait for the JIT after the warm-up, in ms: compilations still queued then land in the run. */
    static final int JIT_WAIT_MILLIS = 200;

    private final int rank;
    private final int size;
    /** Detached sends not known to be complete; each holds its own copy of the data until it is. */
    private final List<mpi.Request> detached = new ArrayList<>();

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
        Iterator<mpi.Request> it = detached.iterator();
        while (it.hasNext()) {
            mpi.Request r = it.next();
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

    /**
     * No probe: a buffer of the known size takes the message. A shorter message comes back shorter (the caller compares
     * sizes); a longer one fails as MPI's truncation error.
     */
    @Override
    public Message recvKnown(int source, int tag, int bytes) {
        try {
            byte[] data = new byte[bytes];
            Status got = MPI.COMM_WORLD.recv(data, bytes, MPI.BYTE, mpiSource(source), mpiTag(tag));
            int count = got.getCount(MPI.BYTE);
            return new Message(got.getSource(), got.getTag(), count == bytes ? data : Arrays.copyOf(data, count));
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
    public Request isend(byte[] data, int dest, int tag) {
        try {
            ByteBuffer copy = MPI.newByteBuffer(data.length);
            copy.put(data).flip();
            return new MpiRequest(MPI.COMM_WORLD.iSend(copy, data.length, MPI.BYTE, dest, tag), copy, false, rank);
        } catch (MPIException e) {
            throw failure("isend to " + dest, e);
        }
    }

    @Override
    public Request irecv(int source, int tag, int capacity) {
        try {
            ByteBuffer buffer = MPI.newByteBuffer(capacity);
            return new MpiRequest(MPI.COMM_WORLD.iRecv(buffer, capacity, MPI.BYTE, mpiSource(source), mpiTag(tag)), buffer, true, rank);
        } catch (MPIException e) {
            throw failure("irecv from " + describe(source), e);
        }
    }

    @Override
    public Optional<Envelope> iprobe(int source, int tag) {
        try {
            Status probed = MPI.COMM_WORLD.iProbe(mpiSource(source), mpiTag(tag));
            return probed == null ? Optional.empty()
                    : Optional.of(new Envelope(probed.getSource(), probed.getTag(), probed.getCount(MPI.BYTE)));
        } catch (MPIException e) {
            throw failure("iprobe " + describe(source), e);
        }
    }

    /** The length first, since MPI_Bcast needs the count on every rank, then the data. */
    @Override
    public byte[] bcast(byte[] data, int root) {
        try {
            int[] length = {rank == root ? data.length : 0};
            MPI.COMM_WORLD.bcast(length, 1, MPI.INT, root);
            byte[] value = rank == root ? data.clone() : new byte[length[0]];
            MPI.COMM_WORLD.bcast(value, value.length, MPI.BYTE, root);
            return value;
        } catch (MPIException e) {
            throw failure("bcast from " + root, e);
        }
    }

    /** MPI_Gather of the lengths, then MPI_Gatherv of the data. */
    @Override
    public List<byte[]> gather(byte[] data, int root) {
        try {
            int[] lengths = new int[rank == root ? size : 1];
            MPI.COMM_WORLD.gather(new int[] {data.length}, 1, MPI.INT, lengths, 1, MPI.INT, root);
            int[] offsets = new int[lengths.length];
            for (int r = 1; r < offsets.length; r++) {
                offsets[r] = offsets[r - 1] + lengths[r - 1];
            }
            byte[] all = new byte[rank == root ? offsets[size - 1] + lengths[size - 1] : 1];
            MPI.COMM_WORLD.gatherv(data, data.length, MPI.BYTE, all, lengths, offsets, MPI.BYTE, root);
            if (rank != root) {
                return null;
            }
            List<byte[]> byRank = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                byRank.add(Arrays.copyOfRange(all, offsets[r], offsets[r] + lengths[r]));
            }
            return byRank;
        } catch (MPIException e) {
            throw failure("gather to " + root, e);
        }
    }

    /** MPI_Reduce with MPI's own SUM, MIN or MAX on MPI.LONG or MPI.DOUBLE. */
    @Override
    public byte[] reduce(byte[] data, ReduceOp op, int root) {
        int n = op.elements(data);
        try {
            if (op.onDoubles()) {
                double[] result = new double[n];
                MPI.COMM_WORLD.reduce(ReduceOp.toDoubles(data), result, n, MPI.DOUBLE, mpiOp(op), root);
                return rank == root ? ReduceOp.doubles(result) : null;
            }
            long[] result = new long[n];
            MPI.COMM_WORLD.reduce(ReduceOp.toLongs(data), result, n, MPI.LONG, mpiOp(op), root);
            return rank == root ? ReduceOp.longs(result) : null;
        } catch (MPIException e) {
            throw failure("reduce to " + root, e);
        }
    }

    /**
     * The program's warm-up, then the message path's ({@link MessagePathWarmUp}), the program's rehearsal unless some
     * host runs more ranks than it has cores, a wait for this JVM's last compilations to land, then MPI_Barrier: rank 0
     * times the program from its own start, and a slave still warming up would otherwise add the rest of its warm-up
     * to rank 0's span (a cluster job's ranks start together too). Oversubscribed, the spinning ranks take turns on the
     * cores, so the span measures the scheduler more than the program, and a rehearsal there cost seconds.
     */
    @Override
    public void warmUp(Runnable work, Runnable rehearsal) {
        work.run();
        MessagePathWarmUp.run(this);
        if (!anyHostOversubscribed()) {
            rehearsal.run();
        }
        JitQueue.awaitIdle(JIT_WAIT_MILLIS);
        barrier();
    }

    /** Collective: whether any rank's host runs more of this job's ranks (Open MPI's local size) than it has cores. */
    private boolean anyHostOversubscribed() {
        String localSize = System.getenv(LOCAL_SIZE_VARIABLE);
        long over = localSize != null && Integer.parseInt(localSize.trim()) > Runtime.getRuntime().availableProcessors() ? 1 : 0;
        byte[] any = reduce(ReduceOp.longs(over), ReduceOp.MAX_LONG, 0);
        return ReduceOp.toLongs(bcast(rank() == 0 ? any : new byte[Long.BYTES], 0))[0] == 1;
    }

    /**
     * Whether this rank runs on the node of rank `root`, as Open MPI placed them (MPI_COMM_TYPE_SHARED: ranks that can
     * share memory). Collective: every rank calls it.
     */
    public boolean onNodeOf(int root) {
        try {
            Intracomm node = MPI.COMM_WORLD.splitType(mpi.Comm.TYPE_SHARED, rank, MPI.INFO_NULL);
            try {
                int[] rootHere = {rank == root ? 1 : 0};
                node.allReduce(rootHere, 1, MPI.INT, MPI.MAX);
                return rootHere[0] == 1;
            } finally {
                node.free();
            }
        } catch (MPIException e) {
            throw failure("splitType", e);
        }
    }

    @Override
    public void barrier() {
        try {
            MPI.COMM_WORLD.barrier();
        } catch (MPIException e) {
            throw failure("barrier", e);
        }
    }

    private static Op mpiOp(ReduceOp op) {
        return switch (op) {
            case SUM_LONG, SUM_DOUBLE -> MPI.SUM;
            case MIN_LONG, MIN_DOUBLE -> MPI.MIN;
            case MAX_LONG, MAX_DOUBLE -> MPI.MAX;
        };
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
                mpi.Request.waitAll(detached.toArray(new mpi.Request[0]));
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
