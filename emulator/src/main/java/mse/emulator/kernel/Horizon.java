package mse.emulator.kernel;

/**
 * The earliest (reach, rank) that any message not announced yet can have ({@link GrantRule}): a message waiting at an
 * interface passes once the horizon does not come before it, ties going to the lower rank.
 */
record Horizon(long reach, int rank) {

    /** True when no message announced later can pass before `message` at its interface. */
    boolean allows(AnnouncedMessage message) {
        return allows(message.reachNanos(), message.source());
    }

    /** True when no message announced later can pass before one reaching at `otherReach` from `source`. */
    boolean allows(long otherReach, int source) {
        return !(reach < otherReach || (reach == otherReach && rank < source));
    }

    /** True when no message announced later can arrive at `now` or before (a poll as of `now` can answer). */
    boolean beyond(long now) {
        return reach > now;
    }
}
