/* np: 2. MPI_Request_get_status (MPI 3.1 §3.7.3): it tells whether a request is complete without freeing it, so the
 * request stays the program's and a later MPI_Wait returns the same status and frees it; a null request is complete
 * with an empty status. Rank 1 computes before it sends, so rank 0 polls a pending receive first. */
#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int value = 0, polls = 0, flag = 0;
    MPI_Status status, again;
    if (rank == 1) {
        volatile double x = 0;
        for (int i = 0; i < 2000000; i++) {
            x += i * 0.5;
        }
        value = 42;
        MPI_Request sent;
        MPI_Isend(&value, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &sent);
        do {
            MPI_Request_get_status(sent, &flag, MPI_STATUS_IGNORE);
        } while (!flag);
        CHECK(sent != MPI_REQUEST_NULL, "get_status freed the send request");
        MPI_Wait(&sent, MPI_STATUS_IGNORE);
        CHECK(sent == MPI_REQUEST_NULL, "wait left the send request");
    } else {
        MPI_Request received;
        MPI_Irecv(&value, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &received);
        do {
            MPI_Request_get_status(received, &flag, &status);
            polls++;
        } while (!flag);
        CHECK(received != MPI_REQUEST_NULL, "get_status freed the receive request");
        CHECK(value == 42 && status.MPI_SOURCE == 1 && status.MPI_TAG == 5, "value %d source %d tag %d", value,
              status.MPI_SOURCE, status.MPI_TAG);
        MPI_Request_get_status(received, &flag, &again);
        CHECK(flag && again.MPI_SOURCE == 1 && again.MPI_TAG == 5, "second get_status: flag %d", flag);
        MPI_Wait(&received, &again);
        int count;
        MPI_Get_count(&again, MPI_INT, &count);
        CHECK(received == MPI_REQUEST_NULL && again.MPI_SOURCE == 1 && again.MPI_TAG == 5 && count == 1,
              "wait after get_status: source %d tag %d count %d", again.MPI_SOURCE, again.MPI_TAG, count);
        MPI_Request none = MPI_REQUEST_NULL;
        flag = 0;
        MPI_Request_get_status(none, &flag, &status);
        CHECK(flag && status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG,
              "null request: flag %d source %d tag %d", flag, status.MPI_SOURCE, status.MPI_TAG);
        printf("received %d from rank %d, tag %d\n", value, again.MPI_SOURCE, again.MPI_TAG);
    }
    conformance_verdict("request-get-status");
    MPI_Finalize();
    return 0;
}
