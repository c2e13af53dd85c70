/* A message of a datatype of 3 GiB sent once (count 1), by the call its argument names: send, isend, bcast or gather.
 * MPI_Type_size's int gives MPI_UNDEFINED for such a type; MSE carries messages up to 2 GiB - 1 bytes and must end
 * the run with one line naming the call and the size before it packs or sends anything (the buffer here is one byte:
 * a library that tried would fault). Only emulated runs use it: a plain run would need 3 GiB on each rank. */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    const char *call = argc > 1 ? argv[1] : "send";
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype gib, huge;
    MPI_Type_contiguous(1 << 30, MPI_CHAR, &gib);
    MPI_Type_contiguous(3, gib, &huge);
    MPI_Type_commit(&huge);
    char byte = 0;
    if (strcmp(call, "bcast") == 0) {
        MPI_Bcast(&byte, 1, huge, 0, MPI_COMM_WORLD);
    } else if (strcmp(call, "gather") == 0) {
        MPI_Gather(&byte, 1, huge, &byte, 1, huge, 0, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Request request;
        if (strcmp(call, "isend") == 0) {
            MPI_Isend(&byte, 1, huge, 1, 0, MPI_COMM_WORLD, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
        } else {
            MPI_Send(&byte, 1, huge, 1, 0, MPI_COMM_WORLD);
        }
    } else {
        MPI_Recv(&byte, 1, huge, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Type_free(&huge);
    MPI_Type_free(&gib);
    MPI_Finalize();
    return 0;
}
