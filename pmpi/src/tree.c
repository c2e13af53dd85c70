/* Binomial (MPICH's MPIR_Bcast_binomial and MPIR_Reduce_binomial): with ranks renumbered relative to the root,
 * rank r's parent is r with its lowest set bit cleared and its children are r + 2^j for every 2^j below that bit;
 * a broadcast sends to the farthest child first, a reduce receives from the nearest first. Linear: the root is
 * everyone's parent and sends to or receives from the others in rank order. */
#include "tree.h"

#include <stdlib.h>

static unsigned highest_one_bit(unsigned v) {
    unsigned bit = 1;
    while (v >>= 1) {
        bit <<= 1;
    }
    return bit;
}

static int absolute(int relative, int root, int size) {
    return (relative + root) % size;
}

int mse_tree_of(mse_tree_kind kind, int size, int root, int rank, mse_tree *out) {
    out->count = 0;
    out->fan_in = out->fan_out = NULL;
    if (root < 0 || root >= size || rank < 0 || rank >= size) {
        return -1;
    }
    int room = size > 1 ? size - 1 : 1;
    out->fan_in = malloc(sizeof(int) * (size_t) room);
    out->fan_out = malloc(sizeof(int) * (size_t) room);
    if (out->fan_in == NULL || out->fan_out == NULL) {
        mse_tree_free(out);
        return -1;
    }
    if (kind == MSE_TREE_LINEAR) {
        out->parent = rank == root ? MSE_TREE_NONE : root;
        for (int r = 0; rank == root && r < size; r++) {
            if (r != root) {
                out->fan_in[out->count] = out->fan_out[out->count] = r;
                out->count++;
            }
        }
        return 0;
    }
    int relative = ((rank - root) % size + size) % size;
    unsigned lowest = relative == 0 ? highest_one_bit((unsigned) (size - 1 > 1 ? size - 1 : 1)) << 1
                                    : (unsigned) relative & (unsigned) -relative;
    out->parent = relative == 0 ? MSE_TREE_NONE : absolute(relative - (int) lowest, root, size);
    for (unsigned mask = 1; mask < lowest && relative + (long) mask < size; mask <<= 1) {
        out->fan_in[out->count++] = absolute(relative + (int) mask, root, size);
    }
    for (int i = 0; i < out->count; i++) {
        out->fan_out[i] = out->fan_in[out->count - 1 - i];
    }
    return 0;
}

int mse_tree_parent(mse_tree_kind kind, int size, int root, int rank) {
    if (rank == root) {
        return MSE_TREE_NONE;
    }
    if (kind == MSE_TREE_LINEAR) {
        return root;
    }
    int relative = ((rank - root) % size + size) % size;
    return absolute(relative - (relative & -relative), root, size);
}

int mse_tree_child_toward(mse_tree_kind kind, int size, int root, int rank, int node) {
    int parent = mse_tree_parent(kind, size, root, node);
    while (parent != MSE_TREE_NONE && parent != rank) {
        node = parent;
        parent = mse_tree_parent(kind, size, root, node);
    }
    return parent == rank ? node : MSE_TREE_NONE;
}

int mse_reduce_tree_root(mse_tree_kind kind, int root, int commutative) {
    return commutative || kind == MSE_TREE_LINEAR ? root : 0;
}

int mse_reduce_own_place(const mse_tree *tree, int rank, int commutative) {
    int place = 0;
    while (!commutative && place < tree->count && tree->fan_in[place] < rank) {
        place++;
    }
    return place;
}

void mse_tree_free(mse_tree *tree) {
    free(tree->fan_in);
    free(tree->fan_out);
    tree->fan_in = tree->fan_out = NULL;
    tree->count = 0;
}
