package mse.emulator.kernel;

/**
 * What a receive or probe matches: a source and a tag, either of which may be {@link RankFact#ANY}. A wildcard
 * tag does not match the reserved tags ({@link RankFact#RESERVED_TAGS_FROM} and up) that a Comm's collectives
 * travel on: MPI gives collectives a communication context of their own, which no user receive can match.
 */
public record MessagePattern(int source, int tag) {

    /** MPI matching: a wildcard matches anything but reserved tags, otherwise equality. */
    public boolean matches(int messageSource, int messageTag) {
        return (source == RankFact.ANY || source == messageSource) && matchesTag(messageTag);
    }

    /** True when some message matches both patterns. */
    public boolean overlaps(MessagePattern other) {
        boolean sources = source == RankFact.ANY || other.source == RankFact.ANY || source == other.source;
        // ANY is -1, below the reserved tags: a wildcard overlaps a wildcard and every unreserved tag.
        return sources && (tag == RankFact.ANY ? other.tag < RankFact.RESERVED_TAGS_FROM : other.matchesTag(tag));
    }

    private boolean matchesTag(int messageTag) {
        return tag == RankFact.ANY ? messageTag < RankFact.RESERVED_TAGS_FROM : tag == messageTag;
    }

    @Override
    public String toString() {
        return "(source=" + wildcard(source) + ", tag=" + wildcard(tag) + ")";
    }

    private static String wildcard(int value) {
        return value == RankFact.ANY ? "ANY" : Integer.toString(value);
    }
}
