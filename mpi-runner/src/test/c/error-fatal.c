/* Under the default MPI_ERRORS_ARE_FATAL, rank 0 sends to a rank that does not exist while rank 1 waits for a message
 * that never comes: the run must end as the plain run ends, with Open MPI's message naming MPI_Send and
 * MPI_ERR_RANK, never hang and never exit 0. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, x = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        printf("sending to rank %d\n", size);
        fflush(stdout);
        MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
        printf("not reached\n");
    } else {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
