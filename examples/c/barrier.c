/* The smallest MPI program: MPI_Init, one MPI_Barrier, MPI_Finalize. `./run.sh bench startup` times it plainly and
 * emulated: what it costs is the fixed cost of starting and ending a run. */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
