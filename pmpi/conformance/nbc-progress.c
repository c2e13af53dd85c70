/* np: 4. A pending nonblocking collective moves on while its rank waits for something else (MPI 3.1 §5.12: a
 * collective completes once every rank has started it, and MPI progresses it in any wait): rank 2 forwards rank 0's
 * MPI_Ibcast to rank 3 on the binomial tree, but first waits for a message that rank 3 sends only once its broadcast
 * is complete. Rank 1 meanwhile tests its receive of a message rank 3 sends the same way, and waits in a blocking
 * MPI_Barrier started after a pending MPI_Ibarrier. */
#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int value = rank == 0 ? 42 : -1, token = -1, flag = 0;
    MPI_Request bcast, barrier, received;
    MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &bcast);
    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    if (rank == 2 || rank == 1) {
        MPI_Irecv(&token, 1, MPI_INT, 3, 5, MPI_COMM_WORLD, &received);
        if (rank == 2) {
            MPI_Wait(&received, MPI_STATUS_IGNORE);
        }
        while (!flag) {
            MPI_Test(&received, &flag, MPI_STATUS_IGNORE);
        }
        CHECK(token == 42, "rank %d got %d from rank 3", rank, token);
    } else if (rank == 3) {
        MPI_Wait(&bcast, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, 2, 5, MPI_COMM_WORLD);
        MPI_Send(&value, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&barrier, MPI_STATUS_IGNORE);
    MPI_Wait(&bcast, MPI_STATUS_IGNORE);
    CHECK(value == 42, "broadcast %d", value);
    if (rank == 0) {
        printf("broadcast %d reached every rank of %d\n", value, size);
    }
    conformance_verdict("nbc-progress");
    MPI_Finalize();
    return 0;
}
