/* np: 4. Every emulated collective on communicators other than the world (MPI 3.1 §5, §6.4.2): MPI_Comm_split into
 * halves numbered backwards (key -rank), MPI_Comm_create of the even ranks, MPI_Comm_create_group of ranks 1 to 3
 * (called by them only), MPI_Comm_dup_with_info; on each, roots and results are in the communicator's ranks and only
 * its members take part: Bcast, Reduce, Allreduce, Gather, Gatherv, Allgather, Allgatherv, Scatter, Scatterv,
 * Alltoall and Barrier. A wildcard receive on a half reports the half's rank of its sender. */
#include <stdlib.h>

#include "conformance.h"

/* Every collective on comm, whose members are the world ranks members[0..n-1] in comm's rank order. */
static void collectives(MPI_Comm comm, const int *members, const char *name) {
    int rank, n;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    int me = members[rank], root = n - 1, value = -1, sum = -1;
    if (rank == root) {
        value = 1000 + me;
    }
    MPI_Bcast(&value, 1, MPI_INT, root, comm);
    CHECK(value == 1000 + members[root], "%s bcast: %d", name, value);
    int world_sum = 0, world_max = 0;
    for (int r = 0; r < n; r++) {
        world_sum += members[r];
        world_max = members[r] > world_max ? members[r] : world_max;
    }
    MPI_Reduce(&me, &sum, 1, MPI_INT, MPI_SUM, root, comm);
    CHECK(rank != root || sum == world_sum, "%s reduce: %d", name, sum);
    MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_MAX, comm);
    CHECK(sum == world_max, "%s allreduce: %d", name, sum);
    int all[4] = {-1, -1, -1, -1}, counts[4], displs[4];
    MPI_Gather(&me, 1, MPI_INT, all, 1, MPI_INT, 0, comm);
    for (int r = 0; rank == 0 && r < n; r++) {
        CHECK(all[r] == members[r], "%s gather[%d] = %d", name, r, all[r]);
    }
    for (int r = 0; r < n; r++) {
        counts[r] = 1;
        displs[r] = n - 1 - r; /* reversed */
    }
    MPI_Allgatherv(&me, 1, MPI_INT, all, counts, displs, MPI_INT, comm);
    for (int r = 0; r < n; r++) {
        CHECK(all[n - 1 - r] == members[r], "%s allgatherv[%d] = %d", name, r, all[n - 1 - r]);
    }
    MPI_Gatherv(&me, 1, MPI_INT, all, counts, displs, MPI_INT, root, comm);
    MPI_Allgather(&me, 1, MPI_INT, all, 1, MPI_INT, comm);
    for (int r = 0; r < n; r++) {
        CHECK(all[r] == members[r], "%s allgather[%d] = %d", name, r, all[r]);
    }
    int mine = -1;
    MPI_Scatter(all, 1, MPI_INT, &mine, 1, MPI_INT, root, comm);
    CHECK(mine == me, "%s scatter: %d", name, mine);
    MPI_Scatterv(all, counts, displs, MPI_INT, &mine, 1, MPI_INT, 0, comm);
    CHECK(mine == members[n - 1 - rank], "%s scatterv: %d", name, mine);
    int out[4], in[4];
    for (int r = 0; r < n; r++) {
        out[r] = 100 * me + members[r];
    }
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, comm);
    for (int r = 0; r < n; r++) {
        CHECK(in[r] == 100 * members[r] + me, "%s alltoall[%d] = %d", name, r, in[r]);
    }
    MPI_Barrier(comm);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, -rank, &half);
    int halves[2][2] = {{1, 0}, {3, 2}};
    collectives(half, halves[rank / 2], "half");
    int half_rank;
    MPI_Comm_rank(half, &half_rank);
    if (half_rank == 1) {
        MPI_Send(&rank, 1, MPI_INT, 0, 4, half);
    } else {
        int from = -1;
        MPI_Status status;
        MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, half, &status);
        CHECK(status.MPI_SOURCE == 1 && from == rank - 1, "half: from %d, source %d", from, status.MPI_SOURCE);
    }

    MPI_Group world_group, group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int evens[2] = {0, 2};
    MPI_Group_incl(world_group, 2, evens, &group);
    MPI_Comm even;
    MPI_Comm_create(MPI_COMM_WORLD, group, &even);
    MPI_Group_free(&group);
    CHECK((rank % 2 == 0) == (even != MPI_COMM_NULL), "create: rank %d", rank);
    if (even != MPI_COMM_NULL) {
        MPI_Comm info_dup;
        MPI_Comm_dup_with_info(even, MPI_INFO_NULL, &info_dup);
        collectives(info_dup, evens, "evens");
        MPI_Comm_free(&info_dup);
        MPI_Comm_free(&even);
    }

    int trio_members[3] = {1, 2, 3};
    if (rank > 0) {
        MPI_Comm trio;
        MPI_Group_incl(world_group, 3, trio_members, &group);
        MPI_Comm_create_group(MPI_COMM_WORLD, group, 8, &trio);
        MPI_Group_free(&group);
        collectives(trio, trio_members, "trio");
        MPI_Comm_free(&trio);
    }
    MPI_Group_free(&world_group);
    MPI_Comm_free(&half);
    if (rank == 0) {
        printf("comm-split-collectives: halves {1, 0} and {3, 2}, evens {0, 2}, trio {1, 2, 3}\n");
    }
    conformance_verdict("comm-split-collectives");
    MPI_Finalize();
    return 0;
}
