package mse.emulator.kernel;

/**
 * One span of a rank's virtual time that the kernel (or the simulator) charged: a computation, a send
 * overhead o_s or a receive overhead o_r, from startNanos to endNanos. The charges of one rank never
 * overlap, and they add up to its {@link RankAccount}'s compute, send and receive; what lies between them
 * is idle. task is the task a computation ran (NONE otherwise); peer, tag and bytes describe the message of
 * a send or a receive (NONE for a computation).
 */
public record Charge(int rank, Kind kind, long startNanos, long endNanos, int task, int peer, int tag, int bytes) {

    /** No task, or no message. */
    public static final int NONE = -1;

    public enum Kind {
        COMPUTE("compute"), SEND("send"), RECV("recv");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The span's name in a timeline. */
        public String label() {
            return label;
        }
    }

    public Charge {
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("a charge cannot end before it starts: " + startNanos + " > " + endNanos);
        }
    }

    public static Charge compute(int rank, long startNanos, long endNanos, int task) {
        return new Charge(rank, Kind.COMPUTE, startNanos, endNanos, task, NONE, NONE, NONE);
    }

    public static Charge send(int rank, long startNanos, long endNanos, int destination, int tag, int bytes) {
        return new Charge(rank, Kind.SEND, startNanos, endNanos, NONE, destination, tag, bytes);
    }

    public static Charge receive(int rank, long startNanos, long endNanos, int source, int tag, int bytes) {
        return new Charge(rank, Kind.RECV, startNanos, endNanos, NONE, source, tag, bytes);
    }

    public long durationNanos() {
        return endNanos - startNanos;
    }
}
