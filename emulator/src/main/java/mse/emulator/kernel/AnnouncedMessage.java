package mse.emulator.kernel;

import mse.emulator.model.MessageTiming;

/**
 * A message whose Sent fact the kernel has seen and that no receive has taken yet. Times are virtual
 * nanoseconds: sendNanos when MPI_Send was called, departureNanos = send + o_s, arrivalNanos after L + kG and
 * the channel's FIFO order (DESIGN.md "Virtual time rules").
 */
record AnnouncedMessage(long sequence, int source, int destination, int tag, int bytes,
                        long sendNanos, long departureNanos, long arrivalNanos, boolean synchronous) {

    /** MPI matching: a wildcard matches anything, otherwise equality. */
    boolean matches(int wantedSource, int wantedTag) {
        return (wantedSource == RankFact.ANY || wantedSource == source)
                && (wantedTag == RankFact.ANY || wantedTag == tag);
    }

    /**
     * Which of two candidates a receive takes: earliest arrival, then lower source rank, then earlier send.
     * Within one channel arrival never decreases with sequence, so for a specific source this is MPI's
     * non-overtaking "earliest sent" rule.
     */
    boolean precedes(AnnouncedMessage other) {
        return MessageTiming.takenBefore(arrivalNanos, source, sequence, other.arrivalNanos, other.source, other.sequence);
    }

    MessageRecord received(long receiveStartNanos, long receiveEndNanos) {
        return new MessageRecord(sequence, source, destination, tag, bytes, sendNanos, departureNanos,
                arrivalNanos, receiveStartNanos, receiveEndNanos, synchronous);
    }
}
