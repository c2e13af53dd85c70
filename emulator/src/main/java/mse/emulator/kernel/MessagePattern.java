package mse.emulator.kernel;

/**
 * What a receive or probe matches: a source and a tag, either of which may be {@link RankFact#ANY}, on one
 * communication context. A message matches only within its context (MPI's rule: messages on different communicators
 * never match), and a wildcard never crosses contexts: each communicator a rank uses has one for the program's
 * messages and another for its library's own traffic (collectives), which no program receive can therefore match.
 */
public record MessagePattern(int source, int tag, int context) {

    /** A pattern on the world's program context, {@link RankFact#WORLD_CONTEXT}. */
    public MessagePattern(int source, int tag) {
        this(source, tag, RankFact.WORLD_CONTEXT);
    }

    /** MPI matching: the same context, and a wildcard matches any source or tag, otherwise equality. */
    public boolean matches(int messageSource, int messageTag, int messageContext) {
        return context == messageContext && (source == RankFact.ANY || source == messageSource)
                && (tag == RankFact.ANY || tag == messageTag);
    }

    /** True when some message matches both patterns. */
    public boolean overlaps(MessagePattern other) {
        return context == other.context && (source == RankFact.ANY || other.source == RankFact.ANY || source == other.source)
                && (tag == RankFact.ANY || other.tag == RankFact.ANY || tag == other.tag);
    }

    @Override
    public String toString() {
        return "(source=" + wildcard(source) + ", tag=" + wildcard(tag)
                + (context == RankFact.WORLD_CONTEXT ? "" : ", context=" + context) + ")";
    }

    private static String wildcard(int value) {
        return value == RankFact.ANY ? "ANY" : Integer.toString(value);
    }
}
