/* Prints a line from every rank and then, from rank 0, output that ends without a newline: MSE's table must still
 * start on a line of its own, after all of it. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d here\n", rank);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("done, no newline");
        fflush(stdout);
    }
    MPI_Finalize();
    return 0;
}
