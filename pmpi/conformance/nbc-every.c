/* np: 4. Nonblocking collectives (MPI 3.1 §5.12): every one the library emulates, each checked against what its
 * blocking twin gives; several pending at once and completed in another order than they were started (they match in
 * the order started, §5.12), a blocking collective between a start and its wait, MPI_Test polled until done, and
 * requests of every kind in one MPI_Waitall, MPI_Waitany and MPI_Testsome. */
#include <stdlib.h>

#include "conformance.h"

#define N 4

static void bcast_and_reduce(int rank, int size) {
    int a[N], b[N], sum[N], max[N], everyone[N], check[N];
    for (int i = 0; i < N; i++) {
        a[i] = rank == 1 ? 10 + i : -1;
        b[i] = rank * N + i;
    }
    MPI_Request r[3];
    MPI_Ibcast(a, N, MPI_INT, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Ireduce(b, sum, N, MPI_INT, MPI_SUM, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Iallreduce(b, max, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &r[2]);
    MPI_Allreduce(b, everyone, N, MPI_INT, MPI_MIN, MPI_COMM_WORLD); /* blocking, between the starts and the waits */
    MPI_Wait(&r[2], MPI_STATUS_IGNORE);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    int flag = 0;
    while (!flag) {
        MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE);
    }
    CHECK(r[0] == MPI_REQUEST_NULL, "MPI_Test left a completed Ibcast's request");
    for (int i = 0; i < N; i++) {
        CHECK(a[i] == 10 + i, "Ibcast: a[%d] = %d", i, a[i]);
        CHECK(max[i] == (size - 1) * N + i, "Iallreduce: max[%d] = %d", i, max[i]);
        CHECK(everyone[i] == i, "Allreduce between: min[%d] = %d", i, everyone[i]);
    }
    MPI_Reduce(b, check, N, MPI_INT, MPI_SUM, 2, MPI_COMM_WORLD);
    for (int i = 0; rank == 2 && i < N; i++) {
        CHECK(sum[i] == check[i], "Ireduce: sum[%d] = %d, Reduce gives %d", i, sum[i], check[i]);
    }
    if (rank == 0) {
        printf("bcast %d %d, max %d %d\n", a[0], a[N - 1], max[0], max[N - 1]);
    }
}

static void gathers_and_scatters(int rank, int size) {
    int mine[3] = {rank, rank + 100, rank + 200}, all[4 * 3], everyone[4 * 3], back[3] = {0, 0, 0};
    int counts[4], displs[4], vall[4 * 3], vboth[4 * 3], vback[3] = {0, 0, 0};
    for (int r = 0; r < size; r++) {
        counts[r] = r % 3 + 1;
        displs[r] = 3 * (size - 1 - r); /* reversed */
    }
    MPI_Request r[6];
    MPI_Igather(mine, 3, MPI_INT, all, 3, MPI_INT, 3, MPI_COMM_WORLD, &r[0]);
    MPI_Iallgather(mine, 3, MPI_INT, everyone, 3, MPI_INT, MPI_COMM_WORLD, &r[1]);
    MPI_Igatherv(mine, counts[rank], MPI_INT, vall, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &r[2]);
    MPI_Iallgatherv(mine, counts[rank], MPI_INT, vboth, counts, displs, MPI_INT, MPI_COMM_WORLD, &r[3]);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    MPI_Iscatter(everyone, 3, MPI_INT, back, 3, MPI_INT, 1, MPI_COMM_WORLD, &r[4]);
    MPI_Iscatterv(vboth, counts, displs, MPI_INT, vback, counts[rank], MPI_INT, 2, MPI_COMM_WORLD, &r[5]);
    int outcount, indices[2], done = 0;
    while (done < 2) {
        MPI_Testsome(2, &r[4], &outcount, indices, MPI_STATUSES_IGNORE);
        done += outcount == MPI_UNDEFINED ? 0 : outcount;
    }
    for (int q = 0; q < size; q++) {
        for (int k = 0; k < 3; k++) {
            CHECK(rank != 3 || all[3 * q + k] == q + 100 * k, "Igather: block %d[%d] = %d", q, k, all[3 * q + k]);
            CHECK(everyone[3 * q + k] == q + 100 * k, "Iallgather: block %d[%d] = %d", q, k, everyone[3 * q + k]);
        }
        for (int k = 0; k < counts[q]; k++) {
            CHECK(rank != 0 || vall[displs[q] + k] == q + 100 * k, "Igatherv: block %d[%d]", q, k);
            CHECK(vboth[displs[q] + k] == q + 100 * k, "Iallgatherv: block %d[%d] = %d", q, k, vboth[displs[q] + k]);
        }
    }
    for (int k = 0; k < 3; k++) {
        CHECK(back[k] == rank + 100 * k, "Iscatter: back[%d] = %d", k, back[k]);
        CHECK(k >= counts[rank] || vback[k] == rank + 100 * k, "Iscatterv: vback[%d] = %d", k, vback[k]);
    }
    if (rank == 0) {
        printf("gathered %d %d, scattered back %d\n", vall[0], vall[displs[size - 1]], back[2]);
    }
}

static void alltoall_and_mixed(int rank, int size) {
    int out[4 * 2], in[4 * 2], token = rank, got = -1, index;
    for (int q = 0; q < size; q++) {
        out[2 * q] = 10 * rank + q;
        out[2 * q + 1] = -(10 * rank + q);
    }
    MPI_Request r[4];
    MPI_Ialltoall(out, 2, MPI_INT, in, 2, MPI_INT, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 7, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(&token, 1, MPI_INT, (rank + 1) % size, 7, MPI_COMM_WORLD, &r[2]);
    MPI_Ibarrier(MPI_COMM_WORLD, &r[3]);
    for (int left = 4; left > 0; left--) {
        MPI_Waitany(4, r, &index, MPI_STATUS_IGNORE);
        CHECK(index != MPI_UNDEFINED, "Waitany with %d left gave MPI_UNDEFINED", left);
    }
    for (int q = 0; q < size; q++) {
        CHECK(in[2 * q] == 10 * q + rank && in[2 * q + 1] == -(10 * q + rank), "Ialltoall: from %d got %d %d", q,
              in[2 * q], in[2 * q + 1]);
    }
    CHECK(got == (rank + size - 1) % size, "ring: got %d", got);
    if (rank == 0) {
        printf("alltoall %d %d, ring %d\n", in[2], in[2 * (size - 1)], got);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bcast_and_reduce(rank, size);
    gathers_and_scatters(rank, size);
    alltoall_and_mixed(rank, size);
    conformance_verdict("nbc-every");
    MPI_Finalize();
    return 0;
}
