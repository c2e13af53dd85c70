/* MPI's errors as plain Open MPI reports them (MPI 3.1 §8.3, §8.4): the error code an erroneous call returns, found
 * by the checks Open MPI's own parameter checking makes, in its order, and the communicator's error handler invoked
 * with it. MPI_ERRORS_ARE_FATAL ends the run: the emulator hears why first, then Open MPI's handler prints its message
 * and aborts, as in the plain run; MPI_ERRORS_RETURN returns the code; a handler the program set is called. */
#ifndef MSE_ERRORS_H
#define MSE_ERRORS_H

#include <limits.h>
#include <mpi.h>

/* Invokes comm's error handler with code for call (MPI_COMM_NULL: MPI_COMM_WORLD's, as Open MPI does) and returns
 * code, which MPI_SUCCESS passes through untouched. A handler that returns (MPI_ERRORS_RETURN, the program's own) lets
 * the program go on, and the emulator records the error (ERROR fact); MPI_ERRORS_ARE_FATAL ends the run. */
int mse_error(const char *call, MPI_Comm comm, int code);
/* As mse_error, for the calls Open MPI checks against the communicator itself, MPI_COMM_NULL's own handler included
 * (MPI_ERRORS_ARE_FATAL, which no program can change): MPI_Mprobe and MPI_Improbe. */
int mse_error_of(const char *call, MPI_Comm comm, int code);
/* An error Open MPI's own call (a PMPI_ one the library made for the program's, MPI_Mrecv's) raised through comm's
 * handler and returned: the emulator records it, as mse_error's. */
void mse_error_raised(const char *call, MPI_Comm comm, int code);
/* Makes the library's communicator that asks Open MPI whether a datatype was committed (MPI_Init). */
void mse_errors_start(void);

/* The error class Open MPI gives a call's arguments, MPI_SUCCESS when they are fine. A send names its destination, a
 * receive or probe its source (MPI_ANY_SOURCE and MPI_ANY_TAG allowed); count < 0 skips the count and type checks
 * (a probe has none). */
int mse_send_arguments(MPI_Comm comm, int count, MPI_Datatype type, int dest, int tag);
int mse_receive_arguments(MPI_Comm comm, int count, MPI_Datatype type, int source, int tag);
int mse_probe_arguments(MPI_Comm comm, int source, int tag);
/* A collective's: its communicator, the count and type of its data (a barrier: 0 of MPI_BYTE), its root
 * (MSE_NO_ROOT: none) and its operation (NULL: none). */
#define MSE_NO_ROOT INT_MIN
int mse_collective_arguments(MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op);

/* Sets MPI_ERROR of a status the program passed in an array (Waitall, Testall, Waitsome, Testsome); the single-
 * completion calls leave it as the program had it (MPI 3.1 §3.2.5). */
void mse_status_set_error(MPI_Status *status, int code);

#endif
