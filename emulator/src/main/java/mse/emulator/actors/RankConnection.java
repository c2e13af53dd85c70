package mse.emulator.actors;

import java.net.InetSocketAddress;
import mse.emulator.kernel.EmulatorReply;
import mse.emulator.wire.FrameCodec;

/**
 * The emulator's handle on one rank's connection: replies sent here are encoded and written in order, at
 * once, from the caller's thread. Sending never blocks, so an actor may call it from its message handler.
 */
public final class RankConnection {

    private final int rank;
    private final InetSocketAddress remote;
    private final boolean localSocket;
    private final ReplyChannel connection;

    RankConnection(int rank, InetSocketAddress remote, boolean localSocket, ReplyChannel connection) {
        this.rank = rank;
        this.remote = remote;
        this.localSocket = localSocket;
        this.connection = connection;
    }

    public int rank() {
        return rank;
    }

    public InetSocketAddress remote() {
        return remote;
    }

    /** Whether the rank came over the emulator's local socket (then {@link #remote} is this machine's address). */
    public boolean localSocket() {
        return localSocket;
    }

    /**
     * Writes a reply to this rank. False when the connection is gone or closing, or when the rank stopped
     * reading (a rank has at most one ask outstanding, so replies never pile up otherwise).
     */
    public boolean send(EmulatorReply reply) {
        if (reply.rank() != rank) {
            // Misrouting would hand a grant to the wrong MPI process: fail loudly at the source.
            throw new IllegalArgumentException("reply " + reply + " sent on the connection of rank " + rank);
        }
        return connection.write(FrameCodec.encodeReply(reply));
    }

    /** Tells the rank the run is over for it and closes the connection. */
    public boolean abort(String reason) {
        boolean written = send(new EmulatorReply.Abort(rank, reason));
        close();
        return written;
    }

    /** Closes the connection once the replies written so far have gone out. */
    public void close() {
        connection.close();
    }

    @Override
    public String toString() {
        return "RankConnection[rank=" + rank + ", remote=" + remote + "]";
    }
}
