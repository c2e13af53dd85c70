package mse.emulator.sim;

import java.util.Arrays;
import java.util.Comparator;
import mse.emulator.model.NetworkInterface;

/**
 * ML's exports on their way to rank 0 (MultipleMasters.run): group g >= 1's master sends its results to rank
 * 0 when its group is done. They share rank 0's incoming interface with group 0's results, so they pass it in
 * {@link NetworkInterface#takesBefore} order among those results; rank 0 then receives them in g order. The
 * other groups are simulated first, so every export's reach is known before group 0's results flow.
 */
final class GatherExports {

    private final long[] sendStart;
    private final long[] departure;
    private final long[] reach;
    private final int[] source;
    private final int[] bytes;
    private final long[] arrival;
    private final Integer[] order;
    private int passed;

    /**
     * When each group's master called send, when its export left its outgoing interface, its source rank and
     * length, by group (entry 0 unused); every export reaches rank 0's interface L after it left.
     */
    GatherExports(long[] sendStart, long[] departure, long latency, int[] source, int[] bytes) {
        this.sendStart = sendStart;
        this.departure = departure;
        this.reach = java.util.Arrays.stream(departure).map(d -> d + latency).toArray();
        this.source = source;
        this.bytes = bytes;
        this.arrival = new long[reach.length];
        this.order = new Integer[reach.length - 1];
        for (int g = 1; g < reach.length; g++) {
            order[g - 1] = g;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(g -> reach[g]).thenComparingInt(g -> source[g]));
    }

    static GatherExports none() {
        return new GatherExports(new long[1], new long[1], 0, new int[1], new int[1]);
    }

    /** Every export that rank 0's interface takes before a message from `rank` that reaches it at `limit` passes. */
    void passBefore(long limit, int rank, NetworkInterface incoming, MessageCosts costs) {
        while (passed < order.length && NetworkInterface.takesBefore(reach[order[passed]], source[order[passed]], 0, limit, rank, 0)) {
            pass(incoming, costs);
        }
    }

    /** The rest pass, once group 0's results are all in. */
    void passAll(NetworkInterface incoming, MessageCosts costs) {
        while (passed < order.length) {
            pass(incoming, costs);
        }
    }

    /** Bytes of group g's export. */
    int bytes(int g) {
        return bytes[g];
    }

    long sendStart(int g) {
        return sendStart[g];
    }

    long departure(int g) {
        return departure[g];
    }

    /** When group g's export has arrived at rank 0. */
    long arrival(int g) {
        return arrival[g];
    }

    private void pass(NetworkInterface incoming, MessageCosts costs) {
        int g = order[passed++];
        costs.of(bytes[g]);
        arrival[g] = incoming.pass(reach[g], costs.occupancy(), costs.transfer());
    }
}
