package mse.cluster.profiles;

/**
 * How the target MPI library runs its collectives (broadcast, gather, reduce, barrier) as point-to-point
 * messages, the profile's {@code mpi { collectives = ... }}. The emulator charges a collective as the messages
 * of this algorithm, so its cost follows from the same LogGPS rules as every other message.
 */
public enum CollectiveAlgorithm {
    /** A binomial tree rooted at the root: ceil(log2 P) rounds (MPICH's and Open MPI's default for small messages). */
    BINOMIAL,
    /** The root sends to (or receives from) every other rank in rank order: P - 1 messages at the root. */
    LINEAR;

    /** The profile's spelling: the name in lower case. */
    public String spelling() {
        return ProfileSpelling.of(this);
    }

    /** Parses the profile's spelling; the message lists the valid ones. */
    public static CollectiveAlgorithm parse(String text) {
        return ProfileSpelling.parse(CollectiveAlgorithm.class, text, "collective algorithm");
    }
}
