package mse.emulator.kernel;

/**
 * What {@link GrantRule} records of each rank for its horizon: its known wake, whether it waits in a receive or runs,
 * its clock and when its outgoing interface is free.
 */
final class RankWakes {
    final long[] wake;
    final boolean[] receiving;
    final boolean[] running;
    final long[] clock;
    final long[] outgoingFree;

    RankWakes(int processes) {
        wake = new long[processes];
        receiving = new boolean[processes];
        running = new boolean[processes];
        clock = new long[processes];
        outgoingFree = new long[processes];
    }
}
