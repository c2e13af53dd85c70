/* np: 4. Communicators as contexts (MPI 3.1 §6.1-§6.4, §3.5): messages on different communicators never match, so
 * a receive of any tag on a duplicate of the world takes only the duplicate's message though the world's, sent
 * first with the same tag, has arrived; statuses carry ranks of the communicator received on; tags up to MPI_TAG_UB work
 * (32767 and the bound itself); MPI_COMM_SELF carries messages to oneself and collectives of one; a wait over
 * receives of two communicators completes each with its own communicator's message; freed communicators become
 * MPI_COMM_NULL. */
#include "conformance.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *tag_ub, has_tag_ub;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &has_tag_ub);
    CHECK(has_tag_ub && *tag_ub >= 32767, "MPI_TAG_UB %d", has_tag_ub ? *tag_ub : -1);

    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int dup_rank, dup_size, same;
    MPI_Comm_rank(dup, &dup_rank);
    MPI_Comm_size(dup, &dup_size);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &same);
    CHECK(dup_rank == rank && dup_size == size && same == MPI_CONGRUENT, "dup: rank %d of %d, compare %d", dup_rank,
          dup_size, same);

    /* Rank 1 sends rank 0 one message on the world, then one on the duplicate, same tag. */
    if (rank == 1) {
        int world_value = 100, dup_value = 200;
        MPI_Send(&world_value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
        MPI_Send(&dup_value, 1, MPI_INT, 0, 7, dup);
    } else if (rank == 0) {
        int got = -1;
        MPI_Status status;
        MPI_Recv(&got, 1, MPI_INT, 1, MPI_ANY_TAG, dup, &status);
        CHECK(got == 200 && status.MPI_SOURCE == 1 && status.MPI_TAG == 7, "dup's wildcard took %d from %d tag %d", got,
              status.MPI_SOURCE, status.MPI_TAG);
        MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &status);
        CHECK(got == 100, "the world's message %d", got);
        printf("dup: the wildcard took the duplicate's message %d, then the world's %d\n", 200, got);
    }

    /* Tags the library once kept for itself, and MPI_TAG_UB: rank 2 to rank 3 on the world, received by wildcard. */
    if (rank == 2) {
        int values[2] = {32767, 32760};
        MPI_Send(&values[0], 1, MPI_INT, 3, 32767, MPI_COMM_WORLD);
        MPI_Send(&values[1], 1, MPI_INT, 3, *tag_ub, MPI_COMM_WORLD);
    } else if (rank == 3) {
        MPI_Status status;
        int got[2] = {-1, -1};
        MPI_Recv(&got[0], 1, MPI_INT, 2, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        CHECK(got[0] == 32767 && status.MPI_TAG == 32767, "tag %d", status.MPI_TAG);
        MPI_Recv(&got[1], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        CHECK(got[1] == 32760 && status.MPI_TAG == *tag_ub, "tag %d, not MPI_TAG_UB", status.MPI_TAG);
    }

    /* MPI_COMM_SELF: a message to oneself, and collectives of one rank. */
    int self_rank, self_size, mine = rank * 10, back = -1, sum = -1;
    MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
    MPI_Comm_size(MPI_COMM_SELF, &self_size);
    MPI_Status self_status;
    MPI_Sendrecv(&mine, 1, MPI_INT, 0, 3, &back, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &self_status);
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
    MPI_Barrier(MPI_COMM_SELF);
    CHECK(self_rank == 0 && self_size == 1 && back == mine && sum == mine && self_status.MPI_SOURCE == 0,
          "self: rank %d of %d, got %d from %d, sum %d", self_rank, self_size, back, self_status.MPI_SOURCE, sum);

    /* A wait over receives on two communicators: each takes its own communicator's message. */
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int out[2] = {rank, rank + 1000}, in[2] = {-1, -1};
    MPI_Request requests[2];
    MPI_Irecv(&in[1], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, dup, &requests[1]);
    MPI_Irecv(&in[0], 1, MPI_INT, prev, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[0]);
    MPI_Send(&out[1], 1, MPI_INT, next, 11, dup);
    MPI_Send(&out[0], 1, MPI_INT, next, 11, MPI_COMM_WORLD);
    MPI_Status statuses[2];
    MPI_Waitall(2, requests, statuses);
    CHECK(in[0] == prev && in[1] == prev + 1000 && statuses[0].MPI_SOURCE == prev && statuses[1].MPI_SOURCE == prev,
          "ring: world %d dup %d", in[0], in[1]);

    /* Nothing waits on the duplicate after its barrier: an iprobe there says so, whatever the world holds. */
    if (rank == 1) {
        MPI_Send(&mine, 1, MPI_INT, 0, 12, MPI_COMM_WORLD);
    }
    MPI_Barrier(dup);
    if (rank == 0) {
        int flag = 1;
        MPI_Status status;
        MPI_Probe(1, 12, MPI_COMM_WORLD, &status);
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, dup, &flag, &status);
        CHECK(!flag, "an iprobe on the duplicate found the world's message");
        MPI_Recv(&back, 1, MPI_INT, 1, 12, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }

    MPI_Comm_free(&dup);
    CHECK(dup == MPI_COMM_NULL, "a freed communicator is MPI_COMM_NULL");
    conformance_verdict("comm-contexts");
    MPI_Finalize();
    return 0;
}
