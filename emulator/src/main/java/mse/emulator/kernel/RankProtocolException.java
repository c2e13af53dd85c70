package mse.emulator.kernel;

/**
 * A rank reported something the protocol forbids (a fact after Finished, a rank outside the run). It names
 * the offending rank, which is not always the rank whose fact was being applied: a held fact breaks the
 * protocol when another rank's message wakes its sender.
 */
public final class RankProtocolException extends IllegalStateException {
    private static final long serialVersionUID = 1L;


    private final int rank;

    public RankProtocolException(int rank, String message) {
        super(message);
        this.rank = rank;
    }

    public int rank() {
        return rank;
    }
}
