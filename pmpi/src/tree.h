/* One rank's place in the tree a collective runs on, exactly as CollectiveTree.java builds it, so a C rank and
 * a Java rank send the same messages in the same order for the same profile. */
#ifndef MSE_TREE_H
#define MSE_TREE_H

#include "env.h"

#define MSE_TREE_NONE (-1)

typedef struct {
    int parent;   /* the rank heard from (fan-out) or reported to (fan-in); MSE_TREE_NONE at the root */
    int count;    /* children */
    int *fan_out; /* children in the order a broadcast sends to them */
    int *fan_in;  /* children in the order a reduce receives from them */
} mse_tree;

/* Builds the tree (arrays allocated; mse_tree_free releases them); -1 when root is outside 0..size-1 or memory
 * runs out. */
int mse_tree_of(mse_tree_kind kind, int size, int root, int rank, mse_tree *out);
void mse_tree_free(mse_tree *tree);
/* rank's parent in the tree (MSE_TREE_NONE at the root), without building the tree. */
int mse_tree_parent(mse_tree_kind kind, int size, int root, int rank);
/* The child of rank whose subtree holds node, or MSE_TREE_NONE when node is not below rank (a scatter's routing). */
int mse_tree_child_toward(mse_tree_kind kind, int size, int root, int rank, int node);

/* A reduce combines v0 op v1 op ... op v(size-1) in rank order (MPI 3.1 §5.9.1), which only a commutative operation
 * may rearrange. The rank whose tree a reduce to root runs on: root itself, except that a non-commutative operation
 * on the binomial tree (whose subtrees are rank ranges relative to the root, so one of them wraps from the last rank
 * to rank 0) is reduced on rank 0's tree and rank 0 then sends the result to root, as MPICH's MPIR_Reduce_binomial
 * does. The linear tree's root receives every value itself and needs no detour. */
int mse_reduce_tree_root(mse_tree_kind kind, int root, int commutative);
/* Where rank's own value goes among the values of its fan_in children: before the child at this index. 0, first,
 * for a commutative operation (as it always was); for a non-commutative one, after every child of a lower rank, so
 * that the linear tree's root combines the values in rank order. A binomial tree rooted at rank 0 has every child
 * above its parent, each one's subtree the next range of ranks: its rank's value goes first there too. */
int mse_reduce_own_place(const mse_tree *tree, int rank, int commutative);

#endif
