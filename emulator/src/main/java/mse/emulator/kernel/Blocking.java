package mse.emulator.kernel;

/**
 * A rank blocked from fromNanos until untilNanos (a positive span, its idle time in the breakdown) for the message
 * `sequence`: in a receive or probe until that message arrived, or, synchronousSend, in a synchronous send until its
 * receiver started receiving it (docs/architecture.md, "Send and receive"). Reported after the rank's clock moved
 * and, for a synchronous send, after the receive's own reports.
 */
public record Blocking(int rank, long fromNanos, long untilNanos, long sequence, boolean synchronousSend) {

    public Blocking {
        if (untilNanos <= fromNanos) {
            throw new IllegalArgumentException("a block must last: " + fromNanos + " >= " + untilNanos);
        }
    }

    public long durationNanos() {
        return untilNanos - fromNanos;
    }
}
