package mse.emulator.kernel;

/**
 * Where one rank's virtual time went, for the breakdown of seed 001 (001_cb00b78257109af6.txt) Fig. 3:
 * send and receive overheads, computation (scaled to the target CPU) and idle time blocked in a receive or a
 * synchronous send. They add up to the final clock. linkBusyNanos is apart from them: how long the rank's
 * incoming network interface was busy passing messages ({@link mse.emulator.model.NetworkInterface}), which
 * overlaps the rest; a master whose link is busy for almost the whole run is bound by its link, not its CPU.
 */
public record RankAccount(int rank, long sendNanos, long receiveNanos, long computeNanos, long idleNanos,
                          long finalClockNanos, boolean finished, long linkBusyNanos) {
}
