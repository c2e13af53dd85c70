package mse.emulator.wire;

/**
 * The first frame on every rank connection: it proves the connection belongs to this run (the token the
 * emulator generated and handed to the launcher) and says which rank of how many it speaks for.
 */
public record Hello(String token, int rank, int np) {

    public Hello {
        if (token == null) {
            throw new IllegalArgumentException("Hello needs a token");
        }
        if (np < 1 || rank < 0 || rank >= np) {
            throw new IllegalArgumentException("Hello for rank " + rank + " of np=" + np + " is out of range");
        }
    }

    /** The token is a secret of the run: keep it out of logs. */
    @Override
    public String toString() {
        return "Hello[rank=" + rank + ", np=" + np + "]";
    }
}
