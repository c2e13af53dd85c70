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

/* The C requests of COUNT Fortran handles, in a new array the caller frees. */
static MPI_Request *c_requests(const char *call, int count, const MPI_Fint *handles) {
    MPI_Request *requests = malloc(sizeof(MPI_Request) * (size_t) (count > 0 ? count : 1));
    if (requests == NULL) {
        mse_die("%s: out of memory for %d requests", call, count);
    }
    for (int i = 0; i < count; i++) {
        requests[i] = mse_c_request(call, handles[i]);
    }
    return requests;
}

/* Fortran counts the index from 1; MPI_UNDEFINED (no active request) stays as it is. */
static void waitany_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *index, MPI_Fint *status,
                          MPI_Fint *ierr) {
    MPI_Request *c = c_requests("MPI_WAITANY", *count, requests);
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

static void waitall_entry(const MPI_Fint *count, MPI_Fint *requests, MPI_Fint *statuses, MPI_Fint *ierr) {
    MPI_Request *c = c_requests("MPI_WAITALL", *count, requests);
    int ignore = statuses == MPI_F_STATUSES_IGNORE;
    MPI_Status *c_statuses = ignore ? MPI_STATUSES_IGNORE : malloc(sizeof(MPI_Status) * (size_t) (*count + 1));
    if (c_statuses == NULL) {
        mse_die("MPI_WAITALL: out of memory for %d statuses", (int) *count);
    }
    int result = MPI_Waitall(*count, c, c_statuses);
    for (int i = 0; i < *count; i++) {
        mse_fortran_request_done(&requests[i], c[i]);
        if (!ignore) {
            PMPI_Status_c2f(&c_statuses[i], statuses + (size_t) i * MSE_FORTRAN_STATUS_SIZE);
        }
    }
    if (!ignore) {
        free(c_statuses);
    }
    free(c);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_waitall, MPI_WAITALL, waitall_entry);
