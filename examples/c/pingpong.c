/* pingpong: ranks 0 and 1 bounce one message of SIZE bytes ROUNDS times (the other ranks only start and stop); no
 * task reports, so summary.json has no task keys. `./run.sh bench foreign` times it plain and emulated for the
 * interposition library's cost per intercepted call (four calls a round).
 * Usage: pingpong [ROUNDS [SIZE]] (defaults 200 64). Rank 0 prints one deterministic line. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    int size = argc > 2 ? atoi(argv[2]) : 64;
    char *buffer = calloc((size_t) size + 1, 1);
    long checksum = 0;
    for (int i = 0; i < rounds && rank < 2; i++) {
        if (rank == 0) {
            memset(buffer, 'a' + i % 26, (size_t) size);
            MPI_Send(buffer, size, MPI_CHAR, 1, i, MPI_COMM_WORLD);
            MPI_Recv(buffer, size, MPI_CHAR, 1, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            checksum += buffer[0];
        } else {
            MPI_Status status;
            MPI_Recv(buffer, size, MPI_CHAR, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            buffer[0] = (char) (buffer[0] + 1);
            MPI_Send(buffer, size, MPI_CHAR, 0, status.MPI_TAG, MPI_COMM_WORLD);
        }
    }
    if (rank == 0) {
        printf("pingpong: %d rounds of %d bytes, checksum %ld\n", rounds, size, checksum);
    }
    free(buffer);
    MPI_Finalize();
    return 0;
}
