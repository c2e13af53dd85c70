package mse.emulator.actors;

import java.net.InetSocketAddress;
import mse.emulator.kernel.EmulatorReply;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.QueueOfferResult;

/**
 * The emulator's handle on one rank's connection: replies offered here are encoded and written in order.
 * Offering never blocks, so an actor may call it from its message handler.
 */
public final class RankConnection {

    private final int rank;
    private final InetSocketAddress remote;
    private final BoundedSourceQueue<EmulatorReply> replies;

    RankConnection(int rank, InetSocketAddress remote, BoundedSourceQueue<EmulatorReply> replies) {
        this.rank = rank;
        this.remote = remote;
        this.replies = replies;
    }

    public int rank() {
        return rank;
    }

    public InetSocketAddress remote() {
        return remote;
    }

    /**
     * Queues a reply for this rank. False when the connection is gone or its buffer is full; a rank has at
     * most one ask outstanding, so a full buffer means the rank stopped reading.
     */
    public boolean send(EmulatorReply reply) {
        if (reply.rank() != rank) {
            // Misrouting would hand a grant to the wrong MPI process: fail loudly at the source.
            throw new IllegalArgumentException("reply " + reply + " sent on the connection of rank " + rank);
        }
        return replies.offer(reply) == QueueOfferResult.enqueued();
    }

    /** Tells the rank the run is over for it and closes the connection. */
    public boolean abort(String reason) {
        boolean queued = send(new EmulatorReply.Abort(rank, reason));
        close();
        return queued;
    }

    /** Closes the connection once the replies queued so far are written. */
    public void close() {
        completeQuietly(replies);
    }

    /** Completing twice (emulator and rank both closing) is normal here, but the queue throws on it. */
    static void completeQuietly(BoundedSourceQueue<EmulatorReply> replies) {
        try {
            if (!replies.isCompleted()) {
                replies.complete();
            }
        } catch (IllegalStateException alreadyDone) {
            // Lost the race with the other side's close: the queue is complete either way.
        }
    }

    @Override
    public String toString() {
        return "RankConnection[rank=" + rank + ", remote=" + remote + "]";
    }
}
