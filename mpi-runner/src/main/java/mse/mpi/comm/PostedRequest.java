package mse.mpi.comm;

import java.util.List;
import mse.emulator.kernel.MessagePattern;

/**
 * A request of a Comm that matches its receives itself ({@link PostedReceives}: LocalComm, EmulatedComm). A send
 * is complete when posted (those Comms send without waiting for the receiver); a receive completes when
 * PostedReceives gives it a message.
 */
final class PostedRequest extends Request {

    private final PostedReceives owner;
    /** What a receive matches; null for a send. */
    final MessagePattern pattern;
    /** The most bytes a receive takes (MPI's count). */
    final int capacity;
    private Message message;
    private boolean complete;

    private PostedRequest(PostedReceives owner, MessagePattern pattern, int capacity, boolean complete) {
        this.owner = owner;
        this.pattern = pattern;
        this.capacity = capacity;
        this.complete = complete;
    }

    static PostedRequest receive(PostedReceives owner, int source, int tag, int capacity) {
        if (capacity < 0) {
            throw new CommException("irecv with a negative capacity " + capacity);
        }
        return new PostedRequest(owner, Collectives.pattern(source, tag), capacity, false);
    }

    static PostedRequest sent(PostedReceives owner) {
        return new PostedRequest(owner, null, 0, true);
    }

    /** The receive takes m: MPI_ERR_TRUNCATE when m is larger than the receive's capacity. */
    void complete(Message m) {
        if (m.data().length > capacity) {
            throw new CommException("a message of " + m.data().length + " bytes from rank " + m.source() + " (tag "
                    + m.tag() + ") matched an irecv of capacity " + capacity + " bytes (MPI would truncate it)");
        }
        message = m;
        complete = true;
    }

    @Override
    public boolean test() {
        return owner.test(this);
    }

    @Override
    public Message waitFor() {
        return owner.waitFor(this);
    }

    @Override
    int waitAnyAmong(List<? extends Request> requests) {
        return owner.waitAny(requests);
    }

    @Override
    boolean isComplete() {
        return complete;
    }

    Message message() {
        return message;
    }

    boolean owns(PostedReceives receives) {
        return owner == receives;
    }
}
