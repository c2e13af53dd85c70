package mse.emulator.kernel;

import java.util.Arrays;

/**
 * One value per rank, kept in a tree of minima (a segment tree) so that the least value over a range of ranks, and
 * the first rank at or under a bound, are found in O(log P) and a rank's new value costs O(log P) to record: what
 * lets {@link GrantRule} decide a grant without a pass over every rank. Ranks outside 0..P-1 never
 * answer; a rank without a value holds Long.MAX_VALUE.
 */
final class RankMinima {

    private final int ranks;
    /** The number of leaves, a power of two; node i's children are 2i and 2i + 1, rank r's leaf is leaves + r. */
    private final int leaves;
    private final long[] tree;

    RankMinima(int ranks) {
        this.ranks = ranks;
        int n = 1;
        while (n < ranks) {
            n <<= 1;
        }
        this.leaves = n;
        this.tree = new long[2 * n];
        Arrays.fill(tree, Long.MAX_VALUE);
    }

    long get(int rank) {
        return tree[leaves + rank];
    }

    void set(int rank, long value) {
        int node = leaves + rank;
        if (tree[node] == value) {
            return;
        }
        tree[node] = value;
        for (node >>= 1; node >= 1; node >>= 1) {
            tree[node] = Math.min(tree[2 * node], tree[2 * node + 1]);
        }
    }

    /** The least value of the ranks from..to-1 (Long.MAX_VALUE when none). */
    long least(int from, int to) {
        long least = Long.MAX_VALUE;
        int lo = leaves + Math.max(0, from);
        int hi = leaves + Math.min(ranks, to);
        while (lo < hi) {
            if ((lo & 1) == 1) {
                least = Math.min(least, tree[lo++]);
            }
            if ((hi & 1) == 1) {
                least = Math.min(least, tree[--hi]);
            }
            lo >>= 1;
            hi >>= 1;
        }
        return least;
    }

    /** The lowest rank among from..to-1 whose value is at most `bound`; -1 when none. */
    int firstAtMost(int from, int to, long bound) {
        return first(1, 0, leaves, Math.max(0, from), Math.min(ranks, to), bound);
    }

    private int first(int node, int nodeFrom, int nodeTo, int from, int to, long bound) {
        if (nodeTo <= from || nodeFrom >= to || tree[node] > bound) {
            return -1;
        }
        if (node >= leaves) {
            return nodeFrom;
        }
        int middle = (nodeFrom + nodeTo) >>> 1;
        int left = first(2 * node, nodeFrom, middle, from, to, bound);
        return left >= 0 ? left : first(2 * node + 1, middle, nodeTo, from, to, bound);
    }
}
