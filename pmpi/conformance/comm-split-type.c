/* np: 4. MPI_Comm_split_type (MPI 3.1 §6.4.2): MPI_COMM_TYPE_SHARED groups the ranks of one host, ordered by key (here
 * backwards, key -rank), so on one machine every rank is in one communicator; MPI_UNDEFINED gives MPI_COMM_NULL; a
 * split of a split (ranks 0, 2, 3, and rank 1 alone) by type groups within it. Collectives and a wildcard receive on
 * the new communicators report their ranks. Rank 0 prints each of its communicators' size and members' world ranks. */
#include "conformance.h"

enum { NP_MAX = 4 };

/* comm's members' world ranks, in its rank order, from an allgather on it; printed as label by world rank 0 when it
 * is a member. */
static void members(MPI_Comm comm, const char *label, int world_rank) {
    int n, rank, who[NP_MAX] = {-1, -1, -1, -1};
    MPI_Comm_size(comm, &n);
    MPI_Comm_rank(comm, &rank);
    MPI_Allgather(&world_rank, 1, MPI_INT, who, 1, MPI_INT, comm);
    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    CHECK(sum == n * (n - 1) / 2, "%s: sum of ranks %d", label, sum);
    if (n > 1) { /* the last rank tells rank 0 its rank, through a wildcard receive */
        if (rank == n - 1) {
            MPI_Send(&rank, 1, MPI_INT, 0, 4, comm);
        } else if (rank == 0) {
            MPI_Status status;
            int got = -1;
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &status);
            CHECK(got == n - 1 && status.MPI_SOURCE == n - 1, "%s: from %d (source %d)", label, got, status.MPI_SOURCE);
        }
    }
    if (world_rank == 0) {
        printf("%s: %d ranks, world rank 0 is rank %d, world ranks", label, n, rank);
        for (int r = 0; r < n; r++) {
            printf(" %d", who[r]);
        }
        printf("\n");
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int world_rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm shared, none, split, shared_split;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -world_rank, MPI_INFO_NULL, &shared);
    members(shared, "shared", world_rank);
    MPI_Comm_split_type(MPI_COMM_WORLD, world_rank == 2 ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                        &none);
    CHECK((world_rank == 2) == (none == MPI_COMM_NULL), "MPI_UNDEFINED gave %s", none == MPI_COMM_NULL ? "null" : "one");
    if (none != MPI_COMM_NULL) {
        members(none, "without rank 2", world_rank);
        MPI_Comm_free(&none);
    }
    MPI_Comm_split(MPI_COMM_WORLD, world_rank == 1, -world_rank, &split);
    MPI_Comm_split_type(split, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL, &shared_split);
    members(shared_split, world_rank == 1 ? "rank 1's shared" : "the others' shared", world_rank);
    MPI_Comm_free(&shared_split);
    MPI_Comm_free(&split);
    MPI_Comm_free(&shared);
    conformance_verdict("comm-split-type");
    MPI_Finalize();
    return 0;
}
