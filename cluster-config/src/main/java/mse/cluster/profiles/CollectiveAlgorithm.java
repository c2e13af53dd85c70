package mse.cluster.profiles;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

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

    /** The profile's spelling: "binomial" or "linear". */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the profile's spelling; the message lists the valid ones. */
    public static CollectiveAlgorithm parse(String text) {
        for (CollectiveAlgorithm algorithm : values()) {
            if (algorithm.spelling().equals(text)) {
                return algorithm;
            }
        }
        throw new IllegalArgumentException("unknown collective algorithm \"" + text + "\"; expected one of "
                + Arrays.stream(values()).map(CollectiveAlgorithm::spelling).collect(Collectors.joining(", ")));
    }
}
