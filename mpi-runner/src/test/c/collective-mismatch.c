/* An erroneous program for the collectives' argument check: after one agreeing MPI_Bcast, the ranks disagree in the
 * second collective on what argv[1] names: `count` (MPI_Bcast of 4 ints at rank 0, 8 elsewhere), `root` (each rank
 * names itself), `op` (MPI_Reduce with MPI_SUM at rank 0, MPI_MAX elsewhere) or `call` (MPI_Barrier at the last rank,
 * MPI_Bcast elsewhere) or `gatherv` (MPI_Gatherv where the last rank sends one int more than the root's recvcounts say).
 * A real MPI hangs, fails or computes garbage; the emulated run must end naming it. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, data[8] = {0}, result[8];
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *kind = argc > 1 ? argv[1] : "count";
    MPI_Bcast(data, 8, MPI_INT, 0, MPI_COMM_WORLD);
    if (strcmp(kind, "count") == 0) {
        MPI_Bcast(data, rank == 0 ? 4 : 8, MPI_INT, 0, MPI_COMM_WORLD);
    } else if (strcmp(kind, "root") == 0) {
        MPI_Bcast(data, 8, MPI_INT, rank, MPI_COMM_WORLD);
    } else if (strcmp(kind, "op") == 0) {
        MPI_Reduce(data, result, 8, MPI_INT, rank == 0 ? MPI_SUM : MPI_MAX, 0, MPI_COMM_WORLD);
    } else if (strcmp(kind, "gatherv") == 0) {
        int counts[8], displs[8];
        for (int r = 0; r < size && r < 8; r++) {
            counts[r] = 1;
            displs[r] = r;
        }
        MPI_Gatherv(data, rank == size - 1 ? 2 : 1, MPI_INT, result, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    } else if (rank == size - 1) {
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Bcast(data, 8, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
