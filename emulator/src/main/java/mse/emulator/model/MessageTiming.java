package mse.emulator.model;

/**
 * The point-to-point rules of DESIGN.md "Virtual time rules" that are not costs: channel FIFO, when a
 * receive starts, and which message an ANY_SOURCE receive takes. The live kernel and the fast simulator
 * (mse.emulator.sim) both call these, so the two cannot disagree on the rules; the costs themselves come
 * from {@link LogGpsModel} (seed 001 section 2.2; seed 000 (000_779708a527b9c658.txt) section 3.2, Fig. 5).
 */
public final class MessageTiming {

    private MessageTiming() {
    }

    /** Per (source, destination) channel FIFO: a = max(d + L + kG, previous a on the channel). MPI non-overtaking. */
    public static long channelArrival(long unorderedArrival, long previousArrivalOnChannel) {
        return Math.max(unorderedArrival, previousArrivalOnChannel);
    }

    /** A receive starts when the receiver is there and the message is: max(clock, a); o_r follows. */
    public static long receiveStart(long receiverClock, long arrival) {
        return Math.max(receiverClock, arrival);
    }

    /**
     * Which of two candidates a receive takes: earliest arrival, then lower source rank, then earlier send
     * (sequence). Within one channel arrival never decreases with sequence, so for a specific source this is
     * MPI's "earliest sent" rule; for ANY_SOURCE it is the master queue's service order (seed 000 Fig. 4).
     */
    public static boolean takenBefore(long arrival, int source, long sequence,
                                      long otherArrival, int otherSource, long otherSequence) {
        if (arrival != otherArrival) {
            return arrival < otherArrival;
        }
        if (source != otherSource) {
            return source < otherSource;
        }
        return sequence < otherSequence;
    }
}
