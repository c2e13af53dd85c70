package mse.emulator.report;

/**
 * summary.json's ranks[]: where a rank ran (its host as in the hostfile, and the address its connection came from)
 * and how many lower bounds the kernel asked of it.
 */
public record RankPlacement(int rank, String host, String address, long lowerBounds) {
}
