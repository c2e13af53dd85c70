/* What the collectives share (collectives.c, scatter_gather.c, alltoall.c, communicators.c): the tags each travels on
 * in its communicator's library context, the profile's tree for this rank, a copy through a datatype, and the schedule
 * every collective is (schedule.h). */
#ifndef MSE_COLLECTIVE_H
#define MSE_COLLECTIVE_H

#include "entries.h"
#include "rank.h"
#include "tree.h"

/* Each collective's tag, from the first of its tags, on its communicator's private duplicate (comm.h), where no
 * program message travels: a blocking collective's first tag is 0, so these are Collectives.java's tags in their order
 * (one for each kind keeps a rank's successive collectives apart); a nonblocking collective has MSE_COLLECTIVE_TAGS
 * tags of its own above them (schedule.c). A communicator's creation, a blocking collective of its parent, travels
 * on MSE_CREATE_TAG. */
#define MSE_BCAST_TAG 0
#define MSE_GATHER_TAG 1
#define MSE_REDUCE_TAG 2
#define MSE_BARRIER_TAG 3
#define MSE_SCATTER_TAG 4
#define MSE_ALLTOALL_TAG 5
#define MSE_SCAN_TAG 6
#define MSE_CREATE_TAG 7
#define MSE_COLLECTIVE_TAGS 8

/* One collective call: the communicator it runs over, and its first tag. */
typedef struct {
    mse_comm *comm;
    int first;
} mse_collective;

/* This rank's place in the profile's tree over c's ranks rooted at root; dies naming call when root is outside them. */
mse_tree mse_collective_tree(const char *call, const mse_comm *c, int root);
/* A blocking receive of exactly (source, a rank of route's communicator, tag) into count elements of type at buf. */
void mse_collective_receive(mse_route route, int source, int tag, void *buf, int count, MPI_Datatype type);
/* Copies count elements of type from one buffer into another through the type (packed, then unpacked): only the
 * bytes of the type's signature are read and written, so the gaps of a strided, struct or resized type keep what
 * they held, and an MPI_BOTTOM type touches only its absolute addresses. */
void mse_copy_typed(const char *call, const void *from, void *to, int count, MPI_Datatype type);
/* Room for count elements of type laid out as the type says, for PMPI_Reduce_local's operands (collectives.c); *block
 * is what to free. */
char *mse_reduce_operand(const char *call, int count, MPI_Datatype type, void **block);

/* The blocks of the gathers, scatters and alltoall (scatter_gather.c): count elements of type packed as rank's entry
 * after those of e (a block of 2 GiB or more ends the run naming call), unpacked from the entry at offset at, and
 * the address offset elements of type into buf. */
void mse_add_entry(const char *call, mse_entries *e, int rank, const void *buf, int count, MPI_Datatype type);
void mse_unpack_entry(const mse_entries *e, int at, void *buf, int count, MPI_Datatype type);
char *mse_element_at(const void *buf, MPI_Aint offset, MPI_Datatype type);

#endif
