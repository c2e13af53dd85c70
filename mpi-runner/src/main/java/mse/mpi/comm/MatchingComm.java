package mse.mpi.comm;

import java.util.List;
import java.util.Optional;
import mse.cluster.profiles.CollectiveAlgorithm;
import mse.emulator.kernel.MessagePattern;

/**
 * A Comm that matches its receives itself (LocalComm, EmulatedComm) rather than leaving it to MPI: every receive,
 * probe, posted receive, test and wait follows {@link PostedReceives} over the subclass's three receive-side
 * primitives, and the collectives are point-to-point messages of a tree ({@link Collectives}) sent and received
 * through the subclass, so they travel (and, emulated, are charged) like any other message.
 *
 * <p>Each operation the program calls, point-to-point or collective, is bracketed by {@link #enterOperation} and
 * {@link #leaveOperation}, where an emulated Comm measures the program's CPU, so that the matching and the collectives'
 * own work done here are not charged as the program's.
 */
abstract class MatchingComm implements Comm {

    private final PostedReceives receives;
    private final Collectives collectives;

    MatchingComm(CollectiveAlgorithm algorithm) {
        this.collectives = new Collectives(this, algorithm);
        this.receives = new PostedReceives(new PostedReceives.Side() {
            @Override
            public Envelope probe(List<MessagePattern> patterns) {
                return probeAny(patterns);
            }

            @Override
            public Optional<Envelope> poll(List<MessagePattern> patterns) {
                return pollAny(patterns);
            }

            @Override
            public Message take(int source, int tag) {
                return receive(source, tag);
            }

            @Override
            public void enter(String call) {
                enterOperation(call);
            }

            @Override
            public void leave() {
                leaveOperation();
            }
        });
    }

    /**
     * The program calls into this Comm: the MPI call `call` (as MPI names it; null for what is no MPI call, such as a
     * task report). Nested calls, such as isend's send, are inside the outer one.
     */
    void enterOperation(String call) {
    }

    /** The program calls into this Comm for what is no MPI call. */
    final void enterOperation() {
        enterOperation(null);
    }

    /** The program entered the collective `call` with this root (-1: none); an emulated Comm may tell the emulator. */
    void collectiveCalled(String call, int root) {
    }

    /** The program's call returns. */
    void leaveOperation() {
    }

    /** Blocks until a message matching any pattern has arrived; the first to arrive, left queued. */
    abstract Envelope probeAny(List<MessagePattern> patterns);

    /** As of now: the first message matching any pattern that has arrived, left queued, or empty. */
    abstract Optional<Envelope> pollAny(List<MessagePattern> patterns);

    /** The plain blocking receive: the first message to arrive from (source, tag). */
    abstract Message receive(int source, int tag);

    @Override
    public final Message recv(int source, int tag) {
        enterOperation("MPI_Recv");
        try {
            return receives.recv(source, tag);
        } finally {
            leaveOperation();
        }
    }

    @Override
    public final Envelope probe(int source, int tag) {
        enterOperation("MPI_Probe");
        try {
            return receives.probe(source, tag);
        } finally {
            leaveOperation();
        }
    }

    /** A send whose data goes out detached (delivered here, or charged as a send when emulated): complete at once. */
    @Override
    public final Request isend(byte[] data, int dest, int tag) {
        enterOperation("MPI_Isend");
        try {
            send(data, dest, tag);
            return receives.sent();
        } finally {
            leaveOperation();
        }
    }

    /** Nothing happens until the program tests or waits: a posted receive costs nothing by itself. */
    @Override
    public final Request irecv(int source, int tag, int capacity) {
        enterOperation("MPI_Irecv");
        try {
            return receives.post(source, tag, capacity);
        } finally {
            leaveOperation();
        }
    }

    @Override
    public final Optional<Envelope> iprobe(int source, int tag) {
        enterOperation("MPI_Iprobe");
        try {
            return receives.iprobe(source, tag);
        } finally {
            leaveOperation();
        }
    }

    /*
     * A collective is one call of the program, bracketed like a send: its own work (the tree, packing and unpacking,
     * the root's copying in a gather, a reduce's arithmetic) is the MPI library's, which a real MPI does in C outside
     * the program's computation, and its point-to-point messages are nested calls, charged as messages only.
     */

    @Override
    public final byte[] bcast(byte[] data, int root) {
        enterOperation("MPI_Bcast");
        try {
            collectiveCalled("MPI_Bcast", root);
            return collectives.bcast(data, root);
        } finally {
            leaveOperation();
        }
    }

    @Override
    public final List<byte[]> gather(byte[] data, int root) {
        enterOperation("MPI_Gather");
        try {
            collectiveCalled("MPI_Gather", root);
            return collectives.gather(data, root);
        } finally {
            leaveOperation();
        }
    }

    @Override
    public final byte[] reduce(byte[] data, ReduceOp op, int root) {
        enterOperation("MPI_Reduce");
        try {
            collectiveCalled("MPI_Reduce", root);
            return collectives.reduce(data, op, root);
        } finally {
            leaveOperation();
        }
    }

    @Override
    public final void barrier() {
        enterOperation("MPI_Barrier");
        try {
            collectiveCalled("MPI_Barrier", -1);
            collectives.barrier();
        } finally {
            leaveOperation();
        }
    }
}
