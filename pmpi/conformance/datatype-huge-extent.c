/* np: 2. A datatype whose extent is over 2 GiB and whose size is 8 bytes: two ints 3 GiB apart (MPI 3.1 §4.1.2,
 * §4.1.5). A message of one is 8 bytes, so MSE carries it; sent, received, broadcast and counted, it must
 * touch only its two ints, however far apart, and nothing in between (no count times extent in an int, no span
 * copied). The buffers are 3 GiB of address space each, of which only the pages of the ints are ever touched. */
#include <stdint.h>
#include <stdlib.h>

#include "conformance.h"

#define GAP ((MPI_Aint) 3 << 30) /* bytes from the first int to the second */

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype pair;
    int lengths[2] = {1, 1};
    MPI_Aint at[2] = {0, GAP};
    MPI_Type_create_hindexed(2, lengths, at, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(pair, &lb, &extent);
    int size;
    MPI_Type_size(pair, &size);
    CHECK(size == 8 && extent == GAP + 4, "size %d extent %lld", size, (long long) extent);
    char *buf = malloc((size_t) extent + 64);
    CHECK(buf != NULL, "no 3 GiB of address space");
    int *first = (int *) buf, *second = (int *) (buf + GAP);
    int *between = (int *) (buf + GAP / 2), *after = (int *) (buf + GAP + 4);
    *between = -7;
    *after = -8;
    if (rank == 0) {
        *first = 11;
        *second = 22;
        MPI_Send(buf, 1, pair, 1, 1, MPI_COMM_WORLD);
        MPI_Request request;
        *first = 33;
        *second = 44;
        MPI_Isend(buf, 1, pair, 1, 2, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        *first = 55;
        *second = 66;
    } else {
        MPI_Status status;
        int count = -1, elements = -1;
        *first = *second = 0;
        MPI_Recv(buf, 1, pair, 0, 1, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, pair, &count);
        MPI_Get_elements(&status, pair, &elements);
        CHECK(*first == 11 && *second == 22, "received %d %d", *first, *second);
        CHECK(count == 1 && elements == 2, "count %d elements %d", count, elements);
        MPI_Request request;
        MPI_Irecv(buf, 1, pair, 0, 2, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, &status);
        CHECK(*first == 33 && *second == 44, "irecv: %d %d", *first, *second);
        *first = *second = 0;
    }
    MPI_Bcast(buf, 1, pair, 0, MPI_COMM_WORLD);
    CHECK(*first == 55 && *second == 66, "bcast: %d %d", *first, *second);
    CHECK(*between == -7 && *after == -8, "the bytes between and after were written: %d %d", *between, *after);
    if (rank == 0) {
        printf("two ints 3 GiB apart sent, received and broadcast; size %d, extent %lld\n", size, (long long) extent);
    }
    free(buf);
    MPI_Type_free(&pair);
    conformance_verdict("datatype-huge-extent");
    MPI_Finalize();
    return 0;
}
