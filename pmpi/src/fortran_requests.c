/* Fortran waits and tests (fortran.h): the C entries of requests.c over the Fortran handle table. */
#include <stdlib.h>

#include "fortran.h"

static void wait_entry(MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request c_request = mse_c_request("MPI_WAIT", *request);
    MPI_Status c_status;
    int result = MPI_Wait(&c_request, MSE_C_STATUS(status, &c_status));
    mse_fortran_request_done(request, c_request);
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_wait, MPI_WAIT, wait_entry);

static void test_entry(MPI_Fint *request, MPI_Fint *flag, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request c_request = mse_c_request("MPI_TEST", *request);
    MPI_Status c_status;
    int c_flag = 0;
    int result = MPI_Test(&c_request, &c_flag, MSE_C_STATUS(status, &c_status));
    *flag = MSE_FORTRAN_LOGICAL(c_flag);
    if (c_flag) {
        mse_fortran_request_done(request, c_request);
        mse_fortran_status(&c_status, status);
    }
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_test, MPI_TEST, test_entry);

static void request_free_entry(MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request c_request = mse_c_request("MPI_REQUEST_FREE", *request);
    int result = MPI_Request_free(&c_request);
    mse_fortran_request_done(request, c_request);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_request_free, MPI_REQUEST_FREE, request_free_entry);

static void cancel_entry(MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request c_request = mse_c_request("MPI_CANCEL", *request);
    mse_fortran_ok(ierr, MPI_Cancel(&c_request));
}
MSE_FORTRAN_NAMES(mpi_cancel, MPI_CANCEL, cancel_entry);

/* Fortran counts the index from 1; MPI_UNDEFINED (no active request) stays as it is. */
static void waitany_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *index, MPI_Fint *status,
                          MPI_Fint *ierr) {
    MPI_Request *c = mse_c_requests("MPI_WAITANY", *count, requests);
    MPI_Status c_status;
    int c_index = MPI_UNDEFINED;
    int result = MPI_Waitany(*count, c, &c_index, MSE_C_STATUS(status, &c_status));
    if (c_index != MPI_UNDEFINED) {
        mse_fortran_request_done(&requests[c_index], c[c_index]);
        *index = (MPI_Fint) c_index + 1;
    } else {
        *index = MPI_UNDEFINED;
    }
    free(c);
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_waitany, MPI_WAITANY, waitany_entry);
