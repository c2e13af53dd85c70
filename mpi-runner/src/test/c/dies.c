/* Rank 2 is killed (SIGKILL) while rank 0 waits for its result: the run must end naming rank 2, nothing left running. */
#define _POSIX_C_SOURCE 200809L /* kill(2) under -std=c11 */
#include <mpi.h>
#include <signal.h>
#include <unistd.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int value = rank;
    if (rank == 0) {
        for (int i = 1; i < np; i++) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else if (rank == 2) {
        kill(getpid(), SIGKILL);
    } else {
        MPI_Send(&value, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
