package mse.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import mse.cluster.profiles.CollectiveAlgorithm;

/**
 * One rank's place in the tree a collective runs on: the rank it hears from (fan-out) or reports to (fan-in),
 * and its children in the order it sends to them and in the order it receives from them.
 *
 * <p>Binomial (MPICH's MPIR_Bcast_binomial and MPIR_Reduce_binomial): with ranks renumbered relative to the
 * root, rank r's parent is r with its lowest set bit cleared, and its children are r + 2^j for every 2^j
 * below that bit (every 2^j < P for the root); a broadcast sends to the farthest child first, a reduce
 * receives from the nearest first. A message then needs ceil(log2 P) rounds to reach every rank. Linear: the
 * root is everyone's parent and sends to or receives from the others in rank order.
 */
record CollectiveTree(int parent, List<Integer> fanOut, List<Integer> fanIn) {

    static final int NONE = -1;

    static CollectiveTree of(CollectiveAlgorithm algorithm, int size, int root, int rank) {
        if (root < 0 || root >= size) {
            throw new CommException("collective root " + root + " outside 0.." + (size - 1));
        }
        return algorithm == CollectiveAlgorithm.LINEAR ? linear(size, root, rank) : binomial(size, root, rank);
    }

    private static CollectiveTree binomial(int size, int root, int rank) {
        int relative = Math.floorMod(rank - root, size);
        int lowestBit = relative == 0 ? Integer.highestOneBit(Math.max(1, size - 1)) << 1 : Integer.lowestOneBit(relative);
        int parent = relative == 0 ? NONE : absolute(relative - lowestBit, root, size);
        List<Integer> nearestFirst = new ArrayList<>();
        for (int mask = 1; mask < lowestBit && relative + mask < size; mask <<= 1) {
            nearestFirst.add(absolute(relative + mask, root, size));
        }
        return new CollectiveTree(parent, reversed(nearestFirst), List.copyOf(nearestFirst));
    }

    private static CollectiveTree linear(int size, int root, int rank) {
        if (rank != root) {
            return new CollectiveTree(root, List.of(), List.of());
        }
        List<Integer> others = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (r != root) {
                others.add(r);
            }
        }
        return new CollectiveTree(NONE, List.copyOf(others), List.copyOf(others));
    }

    private static int absolute(int relative, int root, int size) {
        return (relative + root) % size;
    }

    private static List<Integer> reversed(List<Integer> list) {
        List<Integer> copy = new ArrayList<>(list);
        java.util.Collections.reverse(copy);
        return List.copyOf(copy);
    }
}
