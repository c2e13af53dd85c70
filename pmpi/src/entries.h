/* A gather's or scatter's staging bytes in the Java Comm's gather format (Collectives.java): one entry per rank, its
 * rank and its block's length (int32 each, the 8-byte header the emulator charges), then the block. The buffer grows
 * to what is added or arrives, so a rank inside the tree needs no advance knowledge of its subtree's block sizes
 * (MPI_Gatherv, MPI_Scatterv). Plain C, no MPI: the unit tests drive it. */
#ifndef MSE_ENTRIES_H
#define MSE_ENTRIES_H

#include "tree.h"

#define MSE_ENTRY_HEADER_BYTES 8

typedef struct {
    char *bytes;
    int used, room; /* bytes holds room bytes, of which the first used are complete entries */
} mse_entries;

/* Makes room for more bytes after the used ones; -1 when the entries would pass INT_MAX bytes (a message's limit)
 * or memory runs out. */
int mse_entries_reserve(mse_entries *e, long more);
/* Completes the entry of rank whose length bytes the caller wrote at used + MSE_ENTRY_HEADER_BYTES: its header, and
 * used moves past it. */
void mse_entries_close(mse_entries *e, int rank, int length);
/* The rank of the entry at offset at, and the offset of the next entry. */
int mse_entries_rank_at(const mse_entries *e, int at, int *next);
/* The entries of from whose ranks lie in child's subtree of the tree rooted at root (a scatter's routing from
 * rank), in their order, in place of what below held; -1 when memory runs out. */
int mse_entries_toward(mse_entries *below, const mse_entries *from, mse_tree_kind kind, int size, int root, int rank,
                       int child);
void mse_entries_free(mse_entries *e);

#endif
