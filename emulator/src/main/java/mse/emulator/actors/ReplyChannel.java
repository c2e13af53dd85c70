package mse.emulator.actors;

/** Where a {@link RankConnection}'s encoded replies go: a rank's socket in the gateway (a test's stand-in). */
interface ReplyChannel {

    /** Writes one reply payload as a frame; false when the connection is closing or gone, or the rank stopped reading. */
    boolean write(byte[] payload);

    /** Closes once what was written has gone out. */
    void close();
}
