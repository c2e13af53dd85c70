/* What the collectives share (collectives.c, scatter_gather.c): the tags each travels on in its communicator's library
 * context, the profile's tree for this rank, a plain receive of a collective's message, and a copy through a
 * datatype. */
#ifndef MSE_COLLECTIVE_H
#define MSE_COLLECTIVE_H

#include "rank.h"
#include "tree.h"

/* Tags of the library's messages, on a communicator's private duplicate (comm.h): no program message is there, so
 * any tags serve; one for each kind of collective keeps a rank's successive collectives apart, as Collectives.java's
 * do, and one for a communicator's creation. */
enum { MSE_BCAST_TAG, MSE_GATHER_TAG, MSE_REDUCE_TAG, MSE_BARRIER_TAG, MSE_SCATTER_TAG, MSE_ALLTOALL_TAG,
       MSE_CREATE_TAG };

/* This rank's place in the profile's tree over c's ranks rooted at root; dies naming call when root is outside them. */
mse_tree mse_collective_tree(const char *call, const mse_comm *c, int root);
/* A blocking receive of exactly (source, a rank of route's communicator, tag) into count elements of type at buf;
 * status may be MPI_STATUS_IGNORE. */
void mse_collective_receive(mse_route route, int source, int tag, void *buf, int count, MPI_Datatype type,
                            MPI_Status *status);
/* Copies count elements of type from one buffer into another through the type (packed, then unpacked): only the
 * bytes of the type's signature are read and written, so the gaps of a strided, struct or resized type keep what
 * they held, and an MPI_BOTTOM type touches only its absolute addresses. */
void mse_copy_typed(const char *call, const void *from, void *to, int count, MPI_Datatype type);

#endif
