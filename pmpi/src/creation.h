/* Making a communicator over every rank of an existing one, as MPI_Comm_dup, MPI_Comm_split and the topology
 * constructors do: the members' agreement on the new context id is charged (communicators.c says how), and Open MPI
 * makes the real communicator in its middle. */
#ifndef MSE_CREATION_H
#define MSE_CREATION_H

#include <mpi.h>

/* What the members exchange to agree: an allreduce of the next free id (a dup or create), or an allgather of two
 * ints a member first (a split: every member's color and key). */
typedef enum { MSE_CREATION_AGREE, MSE_CREATION_SPLIT } mse_creation_shape;

/* What Open MPI makes between the agreement's fan-in and its fan-out: the new handle (MPI_COMM_NULL for a rank
 * outside it), and Open MPI's result code. */
typedef int (*mse_real_creation)(void *arg, MPI_Comm *made);

/* call over every rank of comm: charged by shape, made by real(arg), registered under the agreed id. Open MPI's
 * result code. */
int mse_create_over_all(const char *call, MPI_Comm comm, mse_creation_shape shape, mse_real_creation real, void *arg,
                        MPI_Comm *newcomm);

#endif
