/* np: 3. Persistent requests (MPI 3.1 §3.9): MPI_Send_init, Ssend_init, Bsend_init, Rsend_init and Recv_init make
 * inactive requests; each MPI_Start or MPI_Startall starts one as the nonblocking call would, and the buffer is read
 * at the start, not at the init. A wait or test that completes one leaves it inactive and the handle the program's;
 * a wait or test on an inactive one returns at once with an empty status (§3.7.3), and Waitany over inactive ones
 * only gives MPI_UNDEFINED. MPI_Request_free frees an inactive one. Rank 0 farms rounds out to the workers through
 * persistent receives from MPI_ANY_SOURCE, mixed with plain Irecv requests in one Waitany. */
#include "conformance.h"

#define ROUNDS 6

static void worker(int rank) {
    int task = 0, result = 0;
    MPI_Request send, receive;
    MPI_Recv_init(&task, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &receive);
    if (rank == 1) {
        MPI_Send_init(&result, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &send);
    } else {
        MPI_Ssend_init(&result, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &send);
    }
    MPI_Status status;
    int flag = 0;
    MPI_Test(&receive, &flag, &status); /* inactive: complete at once, empty */
    CHECK(flag && status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG, "inactive test: flag %d", flag);
    for (int round = 0; round < ROUNDS; round++) {
        MPI_Start(&receive);
        MPI_Wait(&receive, &status);
        CHECK(receive != MPI_REQUEST_NULL, "a wait freed the persistent receive");
        CHECK(status.MPI_SOURCE == 0 && status.MPI_TAG == 1 && task == 10 * round + rank,
              "round %d: task %d from %d tag %d", round, task, status.MPI_SOURCE, status.MPI_TAG);
        result = task * task; /* read at the start, after the init */
        MPI_Start(&send);
        MPI_Wait(&send, MPI_STATUS_IGNORE);
        CHECK(send != MPI_REQUEST_NULL, "a wait freed the persistent send");
    }
    MPI_Wait(&send, &status); /* inactive */
    CHECK(status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG, "inactive wait: source %d",
          status.MPI_SOURCE);
    MPI_Request_free(&send);
    MPI_Request_free(&receive);
    CHECK(send == MPI_REQUEST_NULL && receive == MPI_REQUEST_NULL, "MPI_Request_free left a handle");
}

/* Bsend_init and Rsend_init, and a persistent send and receive of MPI_PROC_NULL, started together. */
static void modes(int rank) {
    int values[2] = {rank, -rank}, got[2] = {0, 0}, none = 7;
    MPI_Request r[4];
    int peer = rank == 1 ? 2 : 1;
    MPI_Recv_init(got, 2, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[0]);
    if (rank == 1) {
        MPI_Bsend_init(values, 2, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[1]);
    } else {
        MPI_Rsend_init(values, 2, MPI_INT, peer, 3, MPI_COMM_WORLD, &r[1]);
    }
    MPI_Send_init(&none, 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &r[2]);
    MPI_Recv_init(&none, 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &r[3]);
    int buffer_size = 64 + MPI_BSEND_OVERHEAD;
    static char buffer[64 + MPI_BSEND_OVERHEAD];
    MPI_Buffer_attach(buffer, buffer_size);
    MPI_Barrier(MPI_COMM_WORLD); /* the receives are posted before any ready send starts */
    MPI_Startall(4, r);
    MPI_Status statuses[4];
    MPI_Waitall(4, r, statuses);
    CHECK(got[0] == peer && got[1] == -peer && statuses[0].MPI_SOURCE == peer, "modes: got %d %d from %d", got[0],
          got[1], statuses[0].MPI_SOURCE);
    CHECK(statuses[3].MPI_SOURCE == MPI_PROC_NULL && none == 7, "PROC_NULL receive: source %d",
          statuses[3].MPI_SOURCE);
    for (int i = 0; i < 4; i++) {
        CHECK(r[i] != MPI_REQUEST_NULL, "Waitall freed persistent request %d", i);
        MPI_Request_free(&r[i]);
    }
    MPI_Buffer_detach(&buffer, &buffer_size);
}

static void master(int size) {
    int results[3] = {0, 0, 0}, tasks[3], sum = 0;
    MPI_Request receives[3], sends[3];
    receives[0] = MPI_REQUEST_NULL;
    sends[0] = MPI_REQUEST_NULL;
    for (int w = 1; w < size; w++) {
        MPI_Recv_init(&results[w], 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &receives[w]);
        MPI_Send_init(&tasks[w], 1, MPI_INT, w, 1, MPI_COMM_WORLD, &sends[w]);
    }
    int index, flag = 0;
    MPI_Status status;
    MPI_Waitany(size, receives, &index, &status); /* all inactive */
    CHECK(index == MPI_UNDEFINED, "Waitany over inactive requests gave %d", index);
    MPI_Testany(size, receives, &index, &flag, &status);
    CHECK(flag && index == MPI_UNDEFINED, "Testany over inactive requests: flag %d index %d", flag, index);
    for (int round = 0; round < ROUNDS; round++) {
        for (int w = 1; w < size; w++) {
            tasks[w] = 10 * round + w;
        }
        MPI_Startall(size - 1, &receives[1]);
        MPI_Startall(size - 1, &sends[1]);
        MPI_Request plain;
        int extra = -1;
        MPI_Irecv(&extra, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &plain);
        MPI_Request mixed[4] = {plain, receives[1], receives[2], sends[1]};
        for (int done = 0; done < 4; done++) {
            MPI_Waitany(4, mixed, &index, &status);
            CHECK(index >= 0 && index < 4, "round %d: Waitany gave %d", round, index);
        }
        receives[1] = mixed[1];
        receives[2] = mixed[2];
        sends[1] = mixed[3];
        CHECK(mixed[0] == MPI_REQUEST_NULL && receives[1] != MPI_REQUEST_NULL, "round %d: handles after Waitany", round);
        MPI_Waitall(size - 1, &sends[1], MPI_STATUSES_IGNORE);
        for (int w = 1; w < size; w++) {
            sum += results[w];
        }
    }
    for (int w = 1; w < size; w++) {
        MPI_Request_free(&receives[w]);
        MPI_Request_free(&sends[w]);
    }
    printf("%d rounds, sum of squares %d\n", ROUNDS, sum);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        master(size);
    } else {
        worker(rank);
    }
    if (rank == 0) {
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        modes(rank);
    }
    conformance_verdict("request-persistent-farm");
    MPI_Finalize();
    return 0;
}
