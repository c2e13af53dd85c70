/* Reads input.dat and writes output.dat by relative paths, as a user's program does in its own directory: rank 0
 * reads the number, every rank gets it by MPI_Bcast, and rank 0 writes the sum of rank + number over the ranks. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np, number = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (rank == 0) {
        FILE *in = fopen("input.dat", "r");
        if (in == NULL || fscanf(in, "%d", &number) != 1) {
            fprintf(stderr, "cannot read input.dat in the working directory\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
        fclose(in);
    }
    MPI_Bcast(&number, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int mine = rank + number, sum = 0;
    MPI_Reduce(&mine, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *out = fopen("output.dat", "w");
        fprintf(out, "%d\n", sum);
        fclose(out);
        printf("read %d, wrote %d\n", number, sum);
    }
    MPI_Finalize();
    return 0;
}
