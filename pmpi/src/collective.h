/* What the collectives share (collectives.c, scatter_gather.c, alltoall.c): the tags each travels on, the profile's
 * tree for this rank, a copy through a datatype, and the schedule every collective is (schedule.h). */
#ifndef MSE_COLLECTIVE_H
#define MSE_COLLECTIVE_H

#include "entries.h"
#include "rank.h"
#include "tree.h"

/* Each collective's tag, from the first of its tags: a blocking collective's first tag is MSE_RESERVED_TAGS_FROM, so
 * these are Collectives.java's tags (scatter and alltoall take the next ones of the reserved range); a nonblocking
 * collective has MSE_COLLECTIVE_TAGS tags of its own above them (schedule.c). */
#define MSE_BCAST_TAG 0
#define MSE_GATHER_TAG 1
#define MSE_REDUCE_TAG 2
#define MSE_BARRIER_TAG 3
#define MSE_SCATTER_TAG 4
#define MSE_ALLTOALL_TAG 5
#define MSE_COLLECTIVE_TAGS 8

/* This rank's place in the profile's tree rooted at root; dies naming call when root is outside the ranks. */
mse_tree mse_collective_tree(const char *call, int root);
/* Copies count elements of type from one buffer into another through the type (packed, then unpacked): only the
 * bytes of the type's signature are read and written, so the gaps of a strided, struct or resized type keep what
 * they held, and an MPI_BOTTOM type touches only its absolute addresses. */
void mse_copy_typed(const char *call, const void *from, void *to, int count, MPI_Datatype type);

/* The blocks of the gathers, scatters and alltoall (scatter_gather.c): count elements of type packed as rank's entry
 * after those of e (a block of 2 GiB or more ends the run naming call), unpacked from the entry at offset at, and
 * the address offset elements of type into buf. */
void mse_add_entry(const char *call, mse_entries *e, int rank, const void *buf, int count, MPI_Datatype type);
void mse_unpack_entry(const mse_entries *e, int at, void *buf, int count, MPI_Datatype type);
char *mse_element_at(const void *buf, MPI_Aint offset, MPI_Datatype type);

#endif
