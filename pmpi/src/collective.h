/* What the collectives share (collectives.c, scatter_gather.c): the reserved tags each travels on, the profile's
 * tree for this rank, a plain receive of a collective's message, and a copy through a datatype. */
#ifndef MSE_COLLECTIVE_H
#define MSE_COLLECTIVE_H

#include "rank.h"
#include "tree.h"

/* Collectives.java's tags; scatter and alltoall take the next ones of the reserved range. */
#define MSE_BCAST_TAG (MSE_RESERVED_TAGS_FROM)
#define MSE_GATHER_TAG (MSE_RESERVED_TAGS_FROM + 1)
#define MSE_REDUCE_TAG (MSE_RESERVED_TAGS_FROM + 2)
#define MSE_BARRIER_TAG (MSE_RESERVED_TAGS_FROM + 3)
#define MSE_SCATTER_TAG (MSE_RESERVED_TAGS_FROM + 4)
#define MSE_ALLTOALL_TAG (MSE_RESERVED_TAGS_FROM + 5)

/* This rank's place in the profile's tree rooted at root; dies naming call when root is outside the ranks. */
mse_tree mse_collective_tree(const char *call, int root);
/* A blocking receive of exactly (source, tag) into count elements of type at buf; status may be MPI_STATUS_IGNORE. */
void mse_collective_receive(int source, int tag, void *buf, int count, MPI_Datatype type, MPI_Status *status);
/* Copies count elements of type from one buffer into another through the type (packed, then unpacked): only the
 * bytes of the type's signature are read and written, so the gaps of a strided, struct or resized type keep what
 * they held, and an MPI_BOTTOM type touches only its absolute addresses. */
void mse_copy_typed(const char *call, const void *from, void *to, int count, MPI_Datatype type);

#endif
