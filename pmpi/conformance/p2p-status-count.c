/* np: 2. Statuses of a wildcard receive and what MPI_Get_count and MPI_Get_elements say of them (MPI 3.1 §3.2.5,
 * §4.1.11): source and tag are the message's, the count is the message's (not the receive's room), a count that is
 * not a whole number of the type's elements is MPI_UNDEFINED, and elements count basic elements of a derived type. */
#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        int five[5] = {1, 2, 3, 4, 5};
        MPI_Send(five, 5, MPI_INT, 0, 7, MPI_COMM_WORLD);
        MPI_Send(five, 3, MPI_INT, 0, 8, MPI_COMM_WORLD);
    } else {
        int room[10] = {0};
        MPI_Status status;
        MPI_Recv(room, 10, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        int count, elements;
        MPI_Get_count(&status, MPI_INT, &count);
        MPI_Get_elements(&status, MPI_INT, &elements);
        CHECK(status.MPI_SOURCE == 1 && status.MPI_TAG == 7, "source %d tag %d", status.MPI_SOURCE, status.MPI_TAG);
        CHECK(count == 5 && elements == 5, "count %d elements %d", count, elements);
        CHECK(room[4] == 5 && room[5] == 0, "room[4] %d room[5] %d", room[4], room[5]);
        MPI_Get_count(&status, MPI_DOUBLE, &count);
        CHECK(count == MPI_UNDEFINED, "20 bytes as doubles: count %d", count);
        /* Three ints into pairs of ints: one whole pair and a half, so no count, but three elements. */
        MPI_Datatype pair;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_commit(&pair);
        MPI_Recv(room, 5, pair, 1, 8, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, pair, &count);
        MPI_Get_elements(&status, pair, &elements);
        CHECK(count == MPI_UNDEFINED && elements == 3, "pairs: count %d elements %d", count, elements);
        MPI_Type_free(&pair);
        printf("received from %d with tag %d\n", status.MPI_SOURCE, status.MPI_TAG);
    }
    conformance_verdict("p2p-status-count");
    MPI_Finalize();
    return 0;
}
