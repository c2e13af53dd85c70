/* Fortran calls over arrays of requests (fortran.h): the C entries of requests.c and request_sets.c. Fortran
 * counts indices from 1; MPI_UNDEFINED stays as it is. */
#include <stdlib.h>

#include "fortran.h"

/* Every completed request's Fortran handle to MPI_REQUEST_NULL, and C's array freed. */
static void settle(int count, MPI_Fint *requests, MPI_Request *c) {
    for (int i = 0; i < count; i++) {
        mse_fortran_request_done(&requests[i], c[i]);
    }
    free(c);
}

static void waitall_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *statuses, MPI_Fint *ierr) {
    MPI_Request *c = mse_c_requests("MPI_WAITALL", *count, requests);
    MPI_Status *c_statuses = mse_c_statuses("MPI_WAITALL", *count, statuses);
    int result = MPI_Waitall(*count, c, c_statuses);
    settle(*count, requests, c);
    mse_fortran_statuses(c_statuses, *count, statuses);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_waitall, MPI_WAITALL, waitall_entry);

static void testall_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *flag, MPI_Fint *statuses,
                          MPI_Fint *ierr) {
    MPI_Request *c = mse_c_requests("MPI_TESTALL", *count, requests);
    MPI_Status *c_statuses = mse_c_statuses("MPI_TESTALL", *count, statuses);
    int c_flag = 0;
    int result = MPI_Testall(*count, c, &c_flag, c_statuses);
    *flag = MSE_FORTRAN_LOGICAL(c_flag);
    settle(*count, requests, c);
    mse_fortran_statuses(c_statuses, c_flag ? *count : 0, statuses);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_testall, MPI_TESTALL, testall_entry);

static void testany_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *index, MPI_Fint *flag,
                          MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request *c = mse_c_requests("MPI_TESTANY", *count, requests);
    MPI_Status c_status;
    int c_index = MPI_UNDEFINED, c_flag = 0;
    int result = MPI_Testany(*count, c, &c_index, &c_flag, MSE_C_STATUS(status, &c_status));
    *flag = MSE_FORTRAN_LOGICAL(c_flag);
    *index = c_index == MPI_UNDEFINED ? MPI_UNDEFINED : (MPI_Fint) c_index + 1;
    settle(*count, requests, c);
    if (c_flag) {
        mse_fortran_status(&c_status, status);
    }
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_testany, MPI_TESTANY, testany_entry);

/* MPI_WAITSOME and MPI_TESTSOME: the indices and statuses of the OUTCOUNT requests that completed. */
typedef int (*some_call)(int, MPI_Request[], int *, int[], MPI_Status[]);

static void some(const char *call, some_call c_call, const MPI_Fint *incount, MPI_Fint *requests,
                 MPI_Fint *outcount, MPI_Fint *indices, MPI_Fint *statuses, MPI_Fint *ierr) {
    MPI_Request *c = mse_c_requests(call, *incount, requests);
    MPI_Status *c_statuses = mse_c_statuses(call, *incount, statuses);
    int *c_indices = malloc(sizeof(int) * (size_t) (*incount > 0 ? *incount : 1));
    if (c_indices == NULL) {
        mse_die("%s: out of memory for %d indices", call, (int) *incount);
    }
    int c_outcount = MPI_UNDEFINED;
    int result = c_call(*incount, c, &c_outcount, c_indices, c_statuses);
    *outcount = (MPI_Fint) c_outcount;
    int completed = c_outcount == MPI_UNDEFINED ? 0 : c_outcount;
    for (int i = 0; i < completed; i++) {
        indices[i] = (MPI_Fint) c_indices[i] + 1;
    }
    free(c_indices);
    settle(*incount, requests, c);
    mse_fortran_statuses(c_statuses, completed, statuses);
    mse_fortran_ok(ierr, result);
}

static void waitsome_entry(const MPI_Fint *incount, MPI_Fint *requests, MPI_Fint *outcount, MPI_Fint *indices,
                           MPI_Fint *statuses, MPI_Fint *ierr) {
    some("MPI_WAITSOME", MPI_Waitsome, incount, requests, outcount, indices, statuses, ierr);
}
MSE_FORTRAN_NAMES(mpi_waitsome, MPI_WAITSOME, waitsome_entry);

static void testsome_entry(const MPI_Fint *incount, MPI_Fint *requests, MPI_Fint *outcount, MPI_Fint *indices,
                           MPI_Fint *statuses, MPI_Fint *ierr) {
    some("MPI_TESTSOME", MPI_Testsome, incount, requests, outcount, indices, statuses, ierr);
}
MSE_FORTRAN_NAMES(mpi_testsome, MPI_TESTSOME, testsome_entry);
