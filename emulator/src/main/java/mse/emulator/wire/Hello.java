package mse.emulator.wire;

/**
 * The first frame on every rank connection: it proves the connection belongs to this run (the token the
 * emulator generated and handed to the launcher), says which rank of how many it speaks for, and what the
 * connection carries ({@link Channel}).
 */
public record Hello(String token, int rank, int np, Channel channel) {

    /**
     * FACTS: the rank's facts, and the answers its program thread waits for and reads itself. LOWER_BOUNDS (only
     * where measured CPU is charged): the emulator's ProgressRequests, read by the rank's responder thread while
     * the program computes. Two connections so that no thread of the rank reads an answer only to wake the program
     * thread: on two shared cores every wake-up costs about as much as the write that caused it.
     */
    public enum Channel { FACTS, LOWER_BOUNDS }

    /** The facts connection. */
    public Hello(String token, int rank, int np) {
        this(token, rank, np, Channel.FACTS);
    }

    public Hello {
        if (token == null || channel == null) {
            throw new IllegalArgumentException("Hello needs a token and a channel");
        }
        if (np < 1 || rank < 0 || rank >= np) {
            throw new IllegalArgumentException("Hello for rank " + rank + " of np=" + np + " is out of range");
        }
    }

    /** The token is a secret of the run: keep it out of logs. */
    @Override
    public String toString() {
        return "Hello[rank=" + rank + ", np=" + np + ", " + channel + "]";
    }
}
