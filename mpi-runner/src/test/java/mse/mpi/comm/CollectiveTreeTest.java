package mse.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mse.cluster.profiles.CollectiveAlgorithm;
import org.junit.jupiter.api.Test;

/** The binomial tree reaches every rank in ceil(log2 P) rounds; the linear one in one round from the root. */
class CollectiveTreeTest {

    @Test
    void everyRankHasOneParentThatCountsItAsAChildAndABroadcastReachesAllInCeilLog2PRounds() {
        for (int size = 1; size <= 33; size++) {
            for (int root = 0; root < size; root += Math.max(1, size / 3)) {
                int deepest = 0;
                for (int rank = 0; rank < size; rank++) {
                    CollectiveTree tree = CollectiveTree.of(CollectiveAlgorithm.BINOMIAL, size, root, rank);
                    if (rank != root) {
                        CollectiveTree parent = CollectiveTree.of(CollectiveAlgorithm.BINOMIAL, size, root, tree.parent());
                        assertTrue(parent.fanOut().contains(rank) && parent.fanIn().contains(rank));
                    }
                    deepest = Math.max(deepest, depth(size, root, rank));
                }
                int rounds = size == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1);
                assertEquals(rounds, deepest, "P=" + size + " root " + root);
            }
        }
    }

    @Test
    void linearHasTheRootSendToEveryOtherRankInRankOrder() {
        CollectiveTree root = CollectiveTree.of(CollectiveAlgorithm.LINEAR, 4, 2, 2);
        assertEquals(java.util.List.of(0, 1, 3), root.fanOut());
        assertEquals(2, CollectiveTree.of(CollectiveAlgorithm.LINEAR, 4, 2, 0).parent());
    }

    /** The round a broadcast reaches the rank in: each send of a rank takes one round, in fan-out order. */
    private static int depth(int size, int root, int rank) {
        int rounds = 0;
        for (int r = rank; r != root; ) {
            int parent = CollectiveTree.of(CollectiveAlgorithm.BINOMIAL, size, root, r).parent();
            rounds += CollectiveTree.of(CollectiveAlgorithm.BINOMIAL, size, root, parent).fanOut().indexOf(r) + 1;
            r = parent;
        }
        return rounds;
    }
}
