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

#endif
