package mse.emulator.model;

/**
 * The point-to-point rule of docs/architecture.md "Virtual time rules" at the receiver: when a receive starts. How a
 * message gets there (interfaces, L, channel order) is {@link NetworkInterface}'s rule; the costs come from
 * {@link NetworkModel} (seed 001 section 2.2; seed 000 (000_779708a527b9c658.txt) section 3.2, Fig. 5). The live
 * kernel and the fast simulator (mse.emulator.sim) both call these, so the two cannot disagree.
 */
public final class MessageTiming {

    private MessageTiming() {
    }

    /** A receive starts when the receiver is there and the message is: max(clock, a); o_r follows. */
    public static long receiveStart(long receiverClock, long arrival) {
        return Math.max(receiverClock, arrival);
    }
}
