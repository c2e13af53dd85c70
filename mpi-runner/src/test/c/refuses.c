/* Rank 1 calls MPI_Comm_spawn (or, with the argument `intercomm`, MPI_Intercomm_create), which MSE does not emulate:
 * the run must end at once naming the call, the rank and why. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1 && argc > 1 && strcmp(argv[1], "intercomm") == 0) {
        MPI_Comm inter;
        MPI_Intercomm_create(MPI_COMM_SELF, 0, MPI_COMM_WORLD, 0, 3, &inter);
    } else if (rank == 1) {
        MPI_Comm children;
        MPI_Comm_spawn("refuses", MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &children, MPI_ERRCODES_IGNORE);
    }
    int token = 0;
    if (rank == 0) {
        MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
