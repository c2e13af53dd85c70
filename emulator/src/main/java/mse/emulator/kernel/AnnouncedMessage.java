package mse.emulator.kernel;

import mse.emulator.model.NetworkInterface;

/**
 * A message whose Sent fact the kernel has seen and that no receive has taken yet. Times are virtual
 * nanoseconds: sendNanos when MPI_Send was called, departureNanos when it left the sender's outgoing
 * interface (after o_s and the interface's earlier messages), reachNanos = departure + L when it reaches the
 * destination's incoming interface, and arrivalNanos once it has passed that interface ({@link #WAITING}
 * until then), following {@link NetworkInterface}'s rule.
 */
record AnnouncedMessage(long sequence, int source, int destination, int tag, int context, int bytes,
                        long sendNanos, long departureNanos, long reachNanos, long arrivalNanos, boolean synchronous) {

    /** arrivalNanos of a message still waiting for its destination's incoming interface. */
    static final long WAITING = -1;

    /** MPI matching ({@link MessagePattern#matches}). */
    boolean matches(MessagePattern pattern) {
        return pattern.matches(source, tag, context);
    }

    /** True when any of the patterns matches. */
    boolean matchesAny(java.util.List<MessagePattern> patterns) {
        for (MessagePattern pattern : patterns) {
            if (matches(pattern)) {
                return true;
            }
        }
        return false;
    }

    /** The order the destination's incoming interface takes messages in ({@link NetworkInterface#takesBefore}). */
    static int interfaceOrder(AnnouncedMessage a, AnnouncedMessage b) {
        if (a.sequence == b.sequence) {
            return 0;
        }
        return NetworkInterface.takesBefore(a.reachNanos, a.source, a.sequence, b.reachNanos, b.source, b.sequence) ? -1 : 1;
    }

    AnnouncedMessage arrived(long arrival) {
        return new AnnouncedMessage(sequence, source, destination, tag, context, bytes, sendNanos, departureNanos, reachNanos,
                arrival, synchronous);
    }

    MessageRecord received(long receiveStartNanos, long receiveEndNanos) {
        return new MessageRecord(sequence, source, destination, tag, bytes, sendNanos, departureNanos,
                arrivalNanos, receiveStartNanos, receiveEndNanos, synchronous, context);
    }
}
