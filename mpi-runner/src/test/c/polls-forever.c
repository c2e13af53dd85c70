/*
 * A deadlock that a poll loop hides: rank 0 tests, in a loop that never ends, a receive from rank 1 that rank 1 never
 * sends (it waits in MPI_Recv for a message from rank 0, which rank 0 sends only after its receive completed); with
 * KIND iprobe, rank 0 polls with MPI_Iprobe instead. Plainly it runs until killed. Emulated, the emulator sees every
 * rank blocked or polling with nothing able to arrive and ends the run naming both (PollLoops.java).
 * Usage: polls-forever [test|iprobe]
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, value = 0, flag = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int iprobe = argc > 1 && strcmp(argv[1], "iprobe") == 0;
    if (rank == 0) {
        MPI_Request request;
        if (!iprobe) {
            MPI_Irecv(&value, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &request);
        }
        while (!flag) {
            if (iprobe) {
                MPI_Iprobe(1, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            } else {
                MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
            }
        }
        MPI_Send(&value, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&value, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&value, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    }
    printf("rank %d not reached\n", rank);
    MPI_Finalize();
    return 0;
}
