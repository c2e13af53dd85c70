/* np: 3. The four send modes deliver the same message (MPI 3.1 §3.4): MPI_Ssend, MPI_Rsend (its receive posted
 * first, as ready mode needs: the receiver says so with a message before the ready send) and MPI_Bsend (from an
 * attached buffer), received with wildcards in each sender's order. */
#include <stdlib.h>

#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank > 0) {
        int values[3] = {rank * 10 + 1, rank * 10 + 2, rank * 10 + 3}, ready;
        MPI_Ssend(&values[0], 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Recv(&ready, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* rank 0's receive is posted */
        MPI_Rsend(&values[1], 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        int room = MPI_BSEND_OVERHEAD + (int) sizeof(int);
        void *buffer = malloc((size_t) room);
        MPI_Buffer_attach(buffer, room);
        MPI_Bsend(&values[2], 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buffer, &room);
        free(buffer);
    } else {
        for (int r = 1; r < size; r++) {
            int got[3] = {0, 0, 0}, go = 1;
            MPI_Status status;
            MPI_Recv(&got[0], 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &status);
            int from = status.MPI_SOURCE;
            MPI_Request ready;
            MPI_Irecv(&got[1], 1, MPI_INT, from, 2, MPI_COMM_WORLD, &ready);
            MPI_Send(&go, 1, MPI_INT, from, 9, MPI_COMM_WORLD);
            MPI_Wait(&ready, MPI_STATUS_IGNORE);
            MPI_Recv(&got[2], 1, MPI_INT, from, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            CHECK(got[0] == from * 10 + 1 && got[1] == from * 10 + 2 && got[2] == from * 10 + 3 && status.MPI_TAG == 3,
                  "from %d: %d %d %d (tag %d)", from, got[0], got[1], got[2], status.MPI_TAG);
        }
        printf("three modes from %d ranks\n", size - 1);
    }
    conformance_verdict("p2p-send-modes");
    MPI_Finalize();
    return 0;
}
