package mse.emulator.workrate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Edmonds-Karp maximum flow (Ford-Fulkerson with shortest augmenting paths by BFS) on real-valued
 * capacities, the algorithm family seed 002 (002_a91b5601aca36903.txt) section 4.2 builds on (Ford and
 * Fulkerson [7]). The number of augmentations is bounded by O(V E) whatever the capacities, so doubles
 * are safe; residuals below {@link #EPSILON} count as zero. Edges are tried in the order they were
 * added, which lets the caller favour some sources (see {@link WorkRateModel}).
 */
final class MaxFlow {

    static final double EPSILON = 1e-9;

    private final int nodes;
    private final List<int[]> edgesFrom = new ArrayList<>();   // per node: edge ids
    private final List<Integer> to = new ArrayList<>();
    private final List<Double> residual = new ArrayList<>();
    private final List<Double> capacity = new ArrayList<>();

    MaxFlow(int nodes) {
        this.nodes = nodes;
        for (int i = 0; i < nodes; i++) {
            edgesFrom.add(new int[0]);
        }
    }

    /** Adds u -> v with the given capacity; returns the edge id (its reverse is id ^ 1). */
    int addEdge(int u, int v, double cap) {
        int id = to.size();
        append(u, id, v, cap);
        append(v, id + 1, u, 0.0);
        return id;
    }

    private void append(int u, int id, int v, double cap) {
        to.add(v);
        residual.add(cap);
        capacity.add(cap);
        int[] old = edgesFrom.get(u);
        int[] grown = Arrays.copyOf(old, old.length + 1);
        grown[old.length] = id;
        edgesFrom.set(u, grown);
    }

    /** The flow now on edge `id`. */
    double flow(int id) {
        return capacity.get(id) - residual.get(id);
    }

    /** Pushes as much as possible from source to sink and returns the total. */
    double run(int source, int sink) {
        double total = 0;
        int[] via = new int[nodes];
        while (true) {
            Arrays.fill(via, -1);
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(source);
            while (!queue.isEmpty() && via[sink] < 0) {
                int u = queue.poll();
                for (int id : edgesFrom.get(u)) {
                    int v = to.get(id);
                    if (v != source && via[v] < 0 && residual.get(id) > EPSILON) {
                        via[v] = id;
                        queue.add(v);
                    }
                }
            }
            if (via[sink] < 0) {
                return total;
            }
            double push = Double.POSITIVE_INFINITY;
            for (int v = sink; v != source; v = to.get(via[v] ^ 1)) {
                push = Math.min(push, residual.get(via[v]));
            }
            for (int v = sink; v != source; v = to.get(via[v] ^ 1)) {
                int id = via[v];
                residual.set(id, residual.get(id) - push);
                residual.set(id ^ 1, residual.get(id ^ 1) + push);
            }
            total += push;
        }
    }
}
