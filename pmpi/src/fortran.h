/* The Fortran entry points (mpif.h and `use mpi`, docs/fortran.md). Open MPI 4.1's libmpi_mpifh
 * calls PMPI_* directly, so a Fortran program passes through no C MPI_* wrapper: the library defines the Fortran
 * symbols itself. Each entry converts Fortran handles, statuses and sentinels and calls the C entry of the same call,
 * the one body both languages share; none calls a Fortran pmpi_ entry, which would report a fact twice. */
#ifndef MSE_FORTRAN_H
#define MSE_FORTRAN_H

#include "rank.h"

/* Every mangling libmpi_mpifh exports for one call (nm -D): mpi_send, mpi_send_, mpi_send__ and MPI_SEND, all
 * aliases of the one entry IMPL defined above the macro in the same file. */
#define MSE_FORTRAN_NAMES(lower, upper, impl)                                                                        \
    extern __typeof__(impl) lower __attribute__((alias(#impl), visibility("default")));                            \
    extern __typeof__(impl) lower##_ __attribute__((alias(#impl), visibility("default")));                         \
    extern __typeof__(impl) lower##__ __attribute__((alias(#impl), visibility("default")));                        \
    extern __typeof__(impl) upper __attribute__((alias(#impl), visibility("default")))

/* The name libmpi_usempif08 gives the same call (`use mpi_f08`: mpi_send_f08_), an alias of the same entry IMPL. Its
 * wrappers pass their arguments on to libmpi_mpifh's entry of the same call unchanged (tools/check-fortran-calls.sh
 * checks that they call nothing else): a handle is a TYPE whose one component is the INTEGER handle, TYPE(MPI_Status)
 * is laid out as INTEGER status(MPI_STATUS_SIZE), MPI_IN_PLACE and the IGNOREs are the same common blocks. Only
 * ierror differs: OPTIONAL, so NULL when the program leaves it out (mse_fortran_ok writes it only when present). */
#define MSE_FORTRAN_F08_NAME(lower, impl) \
    extern __typeof__(impl) lower##_f08_ __attribute__((alias(#impl), visibility("default")))

/* INTEGER status(MPI_STATUS_SIZE) as Open MPI lays it out: the C status, int by int. */
#define MSE_FORTRAN_STATUS_SIZE ((int) (sizeof(MPI_Status) / sizeof(MPI_Fint)))

/* A Fortran LOGICAL as gfortran writes .true. and .false. */
#define MSE_FORTRAN_LOGICAL(value) ((MPI_Fint) ((value) ? 1 : 0))

/* The C status a call writes into, or MPI_STATUS_IGNORE where the program passed MPI_STATUS_IGNORE. */
#define MSE_C_STATUS(fortran_status, c_status) \
    ((fortran_status) == MPI_F_STATUS_IGNORE ? MPI_STATUS_IGNORE : (c_status))

/* The C status back to the program's INTEGER array, unless it passed MPI_STATUS_IGNORE. */
void mse_fortran_status(const MPI_Status *c_status, MPI_Fint *fortran_status);

/* A buffer argument: Fortran's MPI_IN_PLACE and MPI_BOTTOM are common blocks, C's are constants. */
void *mse_fortran_buffer(void *buf);

/* Fortran request handles are INTEGERs; the library's requests are pointers (request.h), so a table maps them.
 * 0 is MPI_REQUEST_NULL in both. */
MPI_Fint mse_fortran_request(MPI_Request request);
MPI_Request mse_c_request(const char *call, MPI_Fint handle);
/* After a wait or test: the Fortran handle of a request the C call completed and freed becomes MPI_REQUEST_NULL. */
void mse_fortran_request_done(MPI_Fint *handle, MPI_Request request);

/* The C requests of COUNT Fortran handles, in a new array the caller frees. */
MPI_Request *mse_c_requests(const char *call, int count, const MPI_Fint *handles);

/* The C datatypes of a communicator's size of Fortran handles (MPI_Alltoallw's, one per rank of comm), in a new array
 * the caller frees; NULL where the call ignores them (the send types of MPI_IN_PLACE) or comm is MPI_COMM_NULL, which
 * the call itself reports. */
MPI_Datatype *mse_c_types(const char *call, MPI_Fint comm, const MPI_Fint *handles, int ignored);

/* The C statuses a call over COUNT requests writes (MPI_STATUSES_IGNORE where the program passed it), and the first
 * COUNT of them back to the program's INTEGER statuses(MPI_STATUS_SIZE, *), which also frees them. */
MPI_Status *mse_c_statuses(const char *call, int count, const MPI_Fint *statuses);
void mse_fortran_statuses(MPI_Status *c_statuses, int count, MPI_Fint *statuses);

static inline void mse_fortran_ok(MPI_Fint *ierr, int result) {
    if (ierr != NULL) {
        *ierr = (MPI_Fint) result;
    }
}

#endif
