/* The Fortran entries of the collectives scatter_gather.c and collectives.c emulate beyond Bcast, Reduce and Barrier
 * (fortran_lifecycle.c): each converts its handles and buffers and calls the C entry, the one body both share. */
#include "fortran.h"

static void allreduce_entry(void *send_buf, void *recv_buf, const MPI_Fint *count, const MPI_Fint *type,
                            const MPI_Fint *op, const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Allreduce(mse_fortran_buffer(send_buf), mse_fortran_buffer(recv_buf), *count,
                                       PMPI_Type_f2c(*type), PMPI_Op_f2c(*op), PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_allreduce, MPI_ALLREDUCE, allreduce_entry);

static void gather_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                         const MPI_Fint *recv_count, const MPI_Fint *recv_type, const MPI_Fint *root,
                         const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Gather(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                    mse_fortran_buffer(recv_buf), *recv_count, PMPI_Type_f2c(*recv_type), *root,
                                    PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_gather, MPI_GATHER, gather_entry);

static void allgather_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                            const MPI_Fint *recv_count, const MPI_Fint *recv_type, const MPI_Fint *comm,
                            MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Allgather(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                       mse_fortran_buffer(recv_buf), *recv_count, PMPI_Type_f2c(*recv_type),
                                       PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_allgather, MPI_ALLGATHER, allgather_entry);

static void scatter_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                          const MPI_Fint *recv_count, const MPI_Fint *recv_type, const MPI_Fint *root,
                          const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Scatter(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                     mse_fortran_buffer(recv_buf), *recv_count, PMPI_Type_f2c(*recv_type), *root,
                                     PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_scatter, MPI_SCATTER, scatter_entry);

static void alltoall_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                           const MPI_Fint *recv_count, const MPI_Fint *recv_type, const MPI_Fint *comm,
                           MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Alltoall(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                      mse_fortran_buffer(recv_buf), *recv_count, PMPI_Type_f2c(*recv_type),
                                      PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_alltoall, MPI_ALLTOALL, alltoall_entry);

/* INTEGER arrays pass straight through as the C int arrays they are in this build. */
_Static_assert(sizeof(MPI_Fint) == sizeof(int), "MPI_Fint is an int");
static void allgatherv_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                             const MPI_Fint *recv_counts, const MPI_Fint *displs, const MPI_Fint *recv_type,
                             const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Allgatherv(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                        mse_fortran_buffer(recv_buf), (const int *) recv_counts,
                                        (const int *) displs, PMPI_Type_f2c(*recv_type), PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_allgatherv, MPI_ALLGATHERV, allgatherv_entry);

static void gatherv_entry(void *send_buf, const MPI_Fint *send_count, const MPI_Fint *send_type, void *recv_buf,
                          const MPI_Fint *recv_counts, const MPI_Fint *displs, const MPI_Fint *recv_type,
                          const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Gatherv(mse_fortran_buffer(send_buf), *send_count, PMPI_Type_f2c(*send_type),
                                     mse_fortran_buffer(recv_buf), (const int *) recv_counts, (const int *) displs,
                                     PMPI_Type_f2c(*recv_type), *root, PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_gatherv, MPI_GATHERV, gatherv_entry);

static void scatterv_entry(void *send_buf, const MPI_Fint *send_counts, const MPI_Fint *displs,
                           const MPI_Fint *send_type, void *recv_buf, const MPI_Fint *recv_count,
                           const MPI_Fint *recv_type, const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr) {
    mse_fortran_ok(ierr, MPI_Scatterv(mse_fortran_buffer(send_buf), (const int *) send_counts, (const int *) displs,
                                      PMPI_Type_f2c(*send_type), mse_fortran_buffer(recv_buf), *recv_count,
                                      PMPI_Type_f2c(*recv_type), *root, PMPI_Comm_f2c(*comm)));
}
MSE_FORTRAN_NAMES(mpi_scatterv, MPI_SCATTERV, scatterv_entry);
