/* np: 4. Every kind of MPI-3 request on communicators other than the world (MPI 3.1 §3.8.2, §3.9, §5.12, §6.4.3):
 * the world split into halves numbered backwards (key -rank), then on each half nonblocking collectives started in
 * one order and completed in another (Ibcast, Iallreduce, Igather, Ialltoall, Ibarrier under MPI_Waitall, with a
 * blocking Allreduce between their start and their wait), persistent requests round the half's ring (MPI_Send_init,
 * MPI_Recv_init, MPI_Startall twice), a matched probe of a wildcard message sized by its status (MPI_Mprobe, MPI_Mrecv;
 * MPI_Improbe, MPI_Imrecv), and MPI_Comm_free of a duplicate of the half while a receive on it is still pending: the
 * free is deferred until the receive completes (§6.4.3), whose status then names the duplicate's rank of the sender.
 * Each half's tags are the same as the world's and the other half's: only the communicator keeps them apart. */
#include <stdlib.h>

#include "conformance.h"

static void nonblocking_collectives(MPI_Comm half, int rank, int n, int world_rank) {
    int root = n - 1, value = rank == root ? 500 + world_rank : -1, sum = -1, all[4] = {-1, -1, -1, -1};
    int out[4], in[4] = {-1, -1, -1, -1}, check = -1;
    for (int r = 0; r < n; r++) {
        out[r] = 100 * rank + r;
    }
    MPI_Request requests[5];
    MPI_Ibcast(&value, 1, MPI_INT, root, half, &requests[0]);
    MPI_Iallreduce(&world_rank, &sum, 1, MPI_INT, MPI_SUM, half, &requests[1]);
    MPI_Igather(&world_rank, 1, MPI_INT, all, 1, MPI_INT, 0, half, &requests[2]);
    MPI_Ialltoall(out, 1, MPI_INT, in, 1, MPI_INT, half, &requests[3]);
    MPI_Ibarrier(half, &requests[4]);
    MPI_Allreduce(&rank, &check, 1, MPI_INT, MPI_MAX, half); /* a blocking one while they are pending */
    CHECK(check == n - 1, "allreduce between: %d", check);
    MPI_Wait(&requests[3], MPI_STATUS_IGNORE); /* completed in another order than started */
    MPI_Waitall(5, requests, MPI_STATUSES_IGNORE);
    int root_world, expected_sum = 0;
    for (int r = 0; r < n; r++) {
        CHECK(in[r] == 100 * r + rank, "ialltoall[%d] = %d", r, in[r]);
    }
    /* the half's world ranks, in its rank order (key -rank: backwards) */
    int members[4];
    MPI_Allgather(&world_rank, 1, MPI_INT, members, 1, MPI_INT, half);
    for (int r = 0; r < n; r++) {
        expected_sum += members[r];
    }
    root_world = members[root];
    CHECK(value == 500 + root_world, "ibcast: %d", value);
    CHECK(sum == expected_sum, "iallreduce: %d", sum);
    for (int r = 0; rank == 0 && r < n; r++) {
        CHECK(all[r] == members[r], "igather[%d] = %d", r, all[r]);
    }
}

static void persistent_ring(MPI_Comm half, int rank, int n) {
    int right = (rank + 1) % n, left = (rank + n - 1) % n, out = -1, in = -1;
    MPI_Request ring[2];
    MPI_Recv_init(&in, 1, MPI_INT, left, 7, half, &ring[0]);
    MPI_Send_init(&out, 1, MPI_INT, right, 7, half, &ring[1]);
    for (int round = 0; round < 2; round++) {
        out = 10 * round + rank;
        MPI_Startall(2, ring);
        MPI_Status statuses[2];
        MPI_Waitall(2, ring, statuses);
        CHECK(in == 10 * round + left, "persistent round %d: %d", round, in);
        CHECK(statuses[0].MPI_SOURCE == left && statuses[0].MPI_TAG == 7, "persistent status %d/%d",
              statuses[0].MPI_SOURCE, statuses[0].MPI_TAG);
    }
    MPI_Request_free(&ring[0]);
    MPI_Request_free(&ring[1]);
}

static void matched_probes(MPI_Comm half, int rank, int n) {
    if (rank != 0) {
        int block[4] = {rank, rank, rank, rank};
        MPI_Send(block, rank, MPI_INT, 0, 9, half);      /* rank r sends r ints on tag 9, */
        MPI_Send(block, rank + 1, MPI_INT, 0, 10, half); /* then r + 1 on tag 10 */
        return;
    }
    for (int k = 1; k < 2 * n - 1; k++) {
        MPI_Message message;
        MPI_Status status;
        int count = -1, got[4] = {-1, -1, -1, -1};
        if (k < n) {
            MPI_Mprobe(MPI_ANY_SOURCE, 9, half, &message, &status);
        } else {
            int flag = 0;
            while (!flag) {
                MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, half, &flag, &message, &status);
            }
        }
        MPI_Get_count(&status, MPI_INT, &count);
        CHECK(count == status.MPI_SOURCE + status.MPI_TAG - 9 && status.MPI_TAG == (k < n ? 9 : 10),
              "mprobe %d: %d ints from %d, tag %d", k, count, status.MPI_SOURCE, status.MPI_TAG);
        if (k < n) {
            MPI_Mrecv(got, count, MPI_INT, &message, MPI_STATUS_IGNORE);
        } else {
            MPI_Request request;
            MPI_Imrecv(got, count, MPI_INT, &message, &request);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
        }
        CHECK(count < 1 || got[count - 1] == status.MPI_SOURCE, "mrecv: %d", got[0]);
    }
}

/* The last rank frees its duplicate with a receive pending on it, then gets the message it waits for. */
static void free_with_pending_receive(MPI_Comm half, int rank, int n) {
    MPI_Comm dup;
    MPI_Comm_dup(half, &dup);
    if (rank == n - 1) {
        int in = -1;
        MPI_Request request;
        MPI_Status status;
        MPI_Irecv(&in, 1, MPI_INT, MPI_ANY_SOURCE, 3, dup, &request);
        MPI_Comm_free(&dup);
        CHECK(dup == MPI_COMM_NULL, "freed handle not MPI_COMM_NULL");
        MPI_Barrier(half); /* the sender sends only after the free */
        MPI_Wait(&request, &status);
        CHECK(in == 42 && status.MPI_SOURCE == 0 && status.MPI_TAG == 3, "after free: %d from %d", in,
              status.MPI_SOURCE);
    } else {
        MPI_Barrier(half);
        if (rank == 0) {
            int out = 42;
            MPI_Send(&out, 1, MPI_INT, n - 1, 3, dup);
        }
        MPI_Comm_free(&dup);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int world_rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank % 2, -world_rank, &half);
    int rank, n;
    MPI_Comm_rank(half, &rank);
    MPI_Comm_size(half, &n);
    nonblocking_collectives(half, rank, n, world_rank);
    persistent_ring(half, rank, n);
    matched_probes(half, rank, n);
    free_with_pending_receive(half, rank, n);
    MPI_Comm_free(&half);
    conformance_verdict("comm-split-requests");
    MPI_Finalize();
    return 0;
}
