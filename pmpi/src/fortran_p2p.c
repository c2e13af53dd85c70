/* Fortran point-to-point entries (fortran.h): the C entries of p2p.c and receive.c with Fortran handles. */
#include "fortran.h"

#define MSE_FORTRAN_SEND(lower, upper, c_call)                                                                       \
    static void lower##_entry(void *buf, const MPI_Fint *count, const MPI_Fint *type, const MPI_Fint *dest,         \
                              const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *ierr) {                         \
        mse_fortran_ok(ierr, c_call(mse_fortran_buffer(buf), *count, PMPI_Type_f2c(*type), *dest, *tag,            \
                                    PMPI_Comm_f2c(*comm)));                                                         \
    }                                                                                                               \
    MSE_FORTRAN_NAMES(lower, upper, lower##_entry)

MSE_FORTRAN_SEND(mpi_send, MPI_SEND, MPI_Send);
MSE_FORTRAN_SEND(mpi_ssend, MPI_SSEND, MPI_Ssend);
MSE_FORTRAN_SEND(mpi_bsend, MPI_BSEND, MPI_Bsend);
MSE_FORTRAN_SEND(mpi_rsend, MPI_RSEND, MPI_Rsend);

#define MSE_FORTRAN_ISEND(lower, upper, c_call)                                                                      \
    static void lower##_entry(void *buf, const MPI_Fint *count, const MPI_Fint *type, const MPI_Fint *dest,         \
                              const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *request, MPI_Fint *ierr) {      \
        MPI_Request c_request;                                                                                      \
        int result = c_call(mse_fortran_buffer(buf), *count, PMPI_Type_f2c(*type), *dest, *tag,                     \
                            PMPI_Comm_f2c(*comm), &c_request);                                                      \
        *request = mse_fortran_request(c_request);                                                                  \
        mse_fortran_ok(ierr, result);                                                                               \
    }                                                                                                               \
    MSE_FORTRAN_NAMES(lower, upper, lower##_entry)

MSE_FORTRAN_ISEND(mpi_isend, MPI_ISEND, MPI_Isend);
MSE_FORTRAN_ISEND(mpi_issend, MPI_ISSEND, MPI_Issend);
MSE_FORTRAN_ISEND(mpi_ibsend, MPI_IBSEND, MPI_Ibsend);
MSE_FORTRAN_ISEND(mpi_irsend, MPI_IRSEND, MPI_Irsend);

static void recv_entry(void *buf, const MPI_Fint *count, const MPI_Fint *type, const MPI_Fint *source,
                       const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status c_status;
    int result = MPI_Recv(mse_fortran_buffer(buf), *count, PMPI_Type_f2c(*type), *source, *tag, PMPI_Comm_f2c(*comm),
                          MSE_C_STATUS(status, &c_status));
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_recv, MPI_RECV, recv_entry);

static void irecv_entry(void *buf, const MPI_Fint *count, const MPI_Fint *type, const MPI_Fint *source,
                        const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request c_request;
    int result = MPI_Irecv(mse_fortran_buffer(buf), *count, PMPI_Type_f2c(*type), *source, *tag,
                           PMPI_Comm_f2c(*comm), &c_request);
    *request = mse_fortran_request(c_request);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_irecv, MPI_IRECV, irecv_entry);

static void sendrecv_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type,
                           const MPI_Fint *dest, const MPI_Fint *send_tag, void *recv_buf, const MPI_Fint *recv_count,
                           const MPI_Fint *recv_type, const MPI_Fint *source, const MPI_Fint *recv_tag,
                           const MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status c_status;
    int result = MPI_Sendrecv(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type), *dest, *send_tag,
                              mse_fortran_buffer(recv_buf), *recv_count, PMPI_Type_f2c(*recv_type), *source,
                              *recv_tag, PMPI_Comm_f2c(*comm), MSE_C_STATUS(status, &c_status));
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_sendrecv, MPI_SENDRECV, sendrecv_entry);

static void sendrecv_replace_entry(void *buf, const MPI_Fint *count, const MPI_Fint *type, const MPI_Fint *dest,
                                   const MPI_Fint *send_tag, const MPI_Fint *source, const MPI_Fint *recv_tag,
                                   const MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status c_status;
    int result = MPI_Sendrecv_replace(mse_fortran_buffer(buf), *count, PMPI_Type_f2c(*type), *dest, *send_tag,
                                      *source, *recv_tag, PMPI_Comm_f2c(*comm), MSE_C_STATUS(status, &c_status));
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_sendrecv_replace, MPI_SENDRECV_REPLACE, sendrecv_replace_entry);

static void probe_entry(const MPI_Fint *source, const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *status,
                        MPI_Fint *ierr) {
    MPI_Status c_status;
    int result = MPI_Probe(*source, *tag, PMPI_Comm_f2c(*comm), MSE_C_STATUS(status, &c_status));
    mse_fortran_status(&c_status, status);
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_probe, MPI_PROBE, probe_entry);

static void iprobe_entry(const MPI_Fint *source, const MPI_Fint *tag, const MPI_Fint *comm, MPI_Fint *flag,
                         MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status c_status;
    int c_flag = 0;
    int result = MPI_Iprobe(*source, *tag, PMPI_Comm_f2c(*comm), &c_flag, MSE_C_STATUS(status, &c_status));
    *flag = MSE_FORTRAN_LOGICAL(c_flag);
    if (c_flag) {
        mse_fortran_status(&c_status, status);
    }
    mse_fortran_ok(ierr, result);
}
MSE_FORTRAN_NAMES(mpi_iprobe, MPI_IPROBE, iprobe_entry);
