/* The collective trees (tree.h) are CollectiveTree.java's: the same parents and children in the same order, so a C
 * rank sends a collective's messages exactly as a Java rank does. */
#include "check.h"
#include "tree.h"

static void check_children(mse_tree_kind kind, int size, int root, int rank, int parent, int count,
                           const int *fan_out) {
    mse_tree t;
    CHECK(mse_tree_of(kind, size, root, rank, &t) == 0, "tree of %d at root %d", size, root);
    CHECK(t.parent == parent, "size %d root %d rank %d: parent %d, expected %d", size, root, rank, t.parent, parent);
    CHECK(t.count == count, "size %d root %d rank %d: %d children, expected %d", size, root, rank, t.count, count);
    for (int i = 0; i < t.count && i < count; i++) {
        CHECK(t.fan_out[i] == fan_out[i], "rank %d fan-out %d: %d, expected %d", rank, i, t.fan_out[i], fan_out[i]);
        int in = kind == MSE_TREE_BINOMIAL ? t.count - 1 - i : i; /* binomial: nearest first; linear: rank order */
        CHECK(t.fan_in[in] == fan_out[i], "rank %d fan-in %d", rank, in);
    }
    mse_tree_free(&t);
}

/* Every rank but the root has one parent, and each rank is the child of its parent: a tree over all ranks. */
static void check_spanning(mse_tree_kind kind, int size, int root) {
    int children_seen[300] = {0};
    for (int rank = 0; rank < size; rank++) {
        mse_tree t;
        mse_tree_of(kind, size, root, rank, &t);
        CHECK((t.parent == MSE_TREE_NONE) == (rank == root), "only the root has no parent (size %d rank %d)", size, rank);
        for (int i = 0; i < t.count; i++) {
            mse_tree child;
            mse_tree_of(kind, size, root, t.fan_out[i], &child);
            CHECK(child.parent == rank, "child %d of %d names parent %d", t.fan_out[i], rank, child.parent);
            CHECK_EQ(rank, mse_tree_parent(kind, size, root, t.fan_out[i]), "the parent without the tree");
            children_seen[t.fan_out[i]]++;
            mse_tree_free(&child);
        }
        mse_tree_free(&t);
    }
    for (int rank = 0; rank < size; rank++) {
        CHECK_EQ(rank == root ? 0 : 1, children_seen[rank], "times a rank is a child");
    }
}

/* Appends to order the ranks whose values a reduce's rank combines, in the order it combines them: its own value at
 * its place among its children's, each child's subtree where the child's message is taken (collectives.c's fold). */
static void combined(mse_tree_kind kind, int size, int tree_root, int rank, int commutative, int *order, int *n) {
    mse_tree t;
    mse_tree_of(kind, size, tree_root, rank, &t);
    int own = mse_reduce_own_place(&t, rank, commutative);
    for (int i = 0; i <= t.count; i++) {
        if (i == own) {
            order[(*n)++] = rank;
        } else {
            combined(kind, size, tree_root, t.fan_in[i < own ? i : i - 1], commutative, order, n);
        }
    }
    mse_tree_free(&t);
}

/* A non-commutative reduce to any root combines v0 op v1 op ... in rank order (MPI 3.1 §5.9.1): on the binomial tree
 * by way of rank 0 (MPICH), on the linear one at the root itself. A commutative one keeps the root's own tree with
 * each rank's own value first: the messages and the order of combination it always had. */
static void check_reduce_order(mse_tree_kind kind, int size) {
    for (int root = 0; root < size; root++) {
        int tree_root = mse_reduce_tree_root(kind, root, 0), order[300], n = 0;
        CHECK(tree_root == root || (kind == MSE_TREE_BINOMIAL && tree_root == 0), "size %d root %d: tree at %d",
              size, root, tree_root);
        combined(kind, size, tree_root, tree_root, 0, order, &n);
        CHECK_EQ(size, n, "values combined");
        for (int r = 0; r < n && r < size; r++) {
            CHECK(order[r] == r, "kind %d size %d root %d: value %d combined at %d", (int) kind, size, root, order[r], r);
        }
        CHECK_EQ(root, mse_reduce_tree_root(kind, root, 1), "a commutative reduce runs on the root's tree");
        for (int rank = 0; rank < size; rank++) {
            mse_tree t;
            mse_tree_of(kind, size, root, rank, &t);
            CHECK_EQ(0, mse_reduce_own_place(&t, rank, 1), "a commutative reduce takes its own value first");
            mse_tree_free(&t);
        }
    }
}

int main(void) {
    /* binomial, 8 ranks, root 0: 0 -> 4, 2, 1 (farthest first); 4 -> 6, 5; 6 -> 7; 2 -> 3 */
    check_children(MSE_TREE_BINOMIAL, 8, 0, 0, MSE_TREE_NONE, 3, (int[]) {4, 2, 1});
    check_children(MSE_TREE_BINOMIAL, 8, 0, 4, 0, 2, (int[]) {6, 5});
    check_children(MSE_TREE_BINOMIAL, 8, 0, 6, 4, 1, (int[]) {7});
    check_children(MSE_TREE_BINOMIAL, 8, 0, 7, 6, 0, (int[]) {0});
    /* 6 ranks, root 2: relative r = rank - 2 mod 6; root -> relative 4, 2, 1 = ranks 0, 4, 3 */
    check_children(MSE_TREE_BINOMIAL, 6, 2, 2, MSE_TREE_NONE, 3, (int[]) {0, 4, 3});
    check_children(MSE_TREE_BINOMIAL, 6, 2, 0, 2, 1, (int[]) {1});
    check_children(MSE_TREE_BINOMIAL, 1, 0, 0, MSE_TREE_NONE, 0, (int[]) {0});
    check_children(MSE_TREE_BINOMIAL, 2, 1, 1, MSE_TREE_NONE, 1, (int[]) {0});
    /* linear: the root sends to the others in rank order */
    check_children(MSE_TREE_LINEAR, 5, 3, 3, MSE_TREE_NONE, 4, (int[]) {0, 1, 2, 4});
    check_children(MSE_TREE_LINEAR, 5, 3, 1, 3, 0, (int[]) {0});
    for (int size = 1; size <= 257; size += 16) {
        check_spanning(MSE_TREE_BINOMIAL, size, size / 3);
        check_spanning(MSE_TREE_LINEAR, size, size / 2);
    }
    for (int size = 1; size <= 19; size++) {
        check_reduce_order(MSE_TREE_BINOMIAL, size);
        check_reduce_order(MSE_TREE_LINEAR, size);
    }
    /* A scatter's routing: from root 0 of 8, rank 7 lies below child 4; from 4, below 6; from 2, below nobody. */
    CHECK_EQ(4, mse_tree_child_toward(MSE_TREE_BINOMIAL, 8, 0, 0, 7), "0 routes 7 through 4");
    CHECK_EQ(6, mse_tree_child_toward(MSE_TREE_BINOMIAL, 8, 0, 4, 7), "4 routes 7 through 6");
    CHECK_EQ(7, mse_tree_child_toward(MSE_TREE_BINOMIAL, 8, 0, 6, 7), "6 sends to 7 itself");
    CHECK_EQ(MSE_TREE_NONE, mse_tree_child_toward(MSE_TREE_BINOMIAL, 8, 0, 2, 7), "7 is not below 2");
    CHECK_EQ(MSE_TREE_NONE, mse_tree_child_toward(MSE_TREE_BINOMIAL, 8, 0, 7, 7), "nor below itself");
    CHECK_EQ(1, mse_tree_child_toward(MSE_TREE_LINEAR, 5, 3, 3, 1), "linear: the root sends to each");
    mse_tree t;
    CHECK(mse_tree_of(MSE_TREE_BINOMIAL, 4, 4, 0, &t) == -1, "a root outside the ranks is refused");
    CHECK(mse_tree_of(MSE_TREE_LINEAR, 4, -1, 0, &t) == -1, "a negative root is refused");
    return checks_end("test_tree");
}
