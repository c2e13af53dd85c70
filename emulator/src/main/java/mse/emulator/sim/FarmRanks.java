package mse.emulator.sim;

import java.util.Arrays;
import mse.emulator.model.NetworkInterface;
import mse.emulator.model.NetworkModel;

/** The farm simulator's per-rank state, indexed by rank, shared by the groups (each uses its own ranks). */
final class FarmRanks {

    final long[] clock;
    /** The reach of each slave's oldest result in flight: its key in the master's ResultQueue. */
    final long[] resultReach;
    /** When each slave started sending its latest result (its request for the next task). */
    final long[] requestedAt;
    final InFlightResults inFlight;
    final NetworkInterface[] outgoing;
    final NetworkInterface[] incoming;

    FarmRanks(NetworkModel network, int prefetch) {
        int processes = network.processes();
        clock = new long[processes];
        resultReach = new long[processes];
        requestedAt = filled(processes);
        inFlight = new InFlightResults(processes, prefetch);
        outgoing = interfaces(network);
        incoming = interfaces(network);
    }

    private static NetworkInterface[] interfaces(NetworkModel network) {
        NetworkInterface[] a = new NetworkInterface[network.processes()];
        Arrays.setAll(a, i -> network.newInterface());
        return a;
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, Long.MIN_VALUE);
        return a;
    }
}

