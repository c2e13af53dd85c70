/* np: 3. Collectives whose ranks agree as MPI 3.1 §5.1 asks, though their arguments are not the same: type signatures
 * of the same size from different counts and types, MPI_IN_PLACE at the root, blocks of different sizes in the v
 * calls, a user operation every rank created. The emulator compares every collective across its ranks
 * (docs/interposition.md, the argument check) and must let each of these pass. */
#include "conformance.h"

static void add(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    for (int i = 0; i < *len; i++) {
        ((int *) inout)[i] += ((int *) in)[i];
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    int two[2] = {rank == 1 ? 7 : 0, rank == 1 ? 8 : 0};
    if (rank == 1) {
        MPI_Bcast(two, 2, MPI_INT, 1, MPI_COMM_WORLD); /* two ints at the root, one pair elsewhere */
    } else {
        MPI_Bcast(two, 1, pair, 1, MPI_COMM_WORLD);
    }
    CHECK(two[0] == 7 && two[1] == 8, "bcast gave %d %d", two[0], two[1]);

    int value = rank + 1, sum = value;
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &value, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    CHECK(rank != 0 || sum == size * (size + 1) / 2, "reduce in place gave %d", sum);

    int all[3] = {0};
    all[rank] = 10 * rank;
    MPI_Gather(rank == 2 ? MPI_IN_PLACE : &all[rank], 1, MPI_INT, all, 1, MPI_INT, 2, MPI_COMM_WORLD);
    CHECK(rank != 2 || (all[0] == 0 && all[1] == 10 && all[2] == 20), "gather in place gave %d %d %d", all[0], all[1],
          all[2]);

    int counts[3] = {0, 1, 2}, displs[3] = {0, 0, 1}, blocks[3] = {0}, mine[2] = {rank, rank};
    MPI_Gatherv(mine, rank, MPI_INT, blocks, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(rank != 0 || (blocks[0] == 1 && blocks[1] == 2 && blocks[2] == 2), "gatherv gave %d %d %d", blocks[0],
          blocks[1], blocks[2]);

    int parts[3] = {100, 101, 102}, part = -1;
    MPI_Scatter(parts, 1, MPI_INT, rank == 0 ? MPI_IN_PLACE : &part, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(rank == 0 || part == 100 + rank, "scatter gave %d", part);

    int out[3] = {rank, rank, rank}, in[3] = {0};
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    CHECK(in[0] == 0 && in[1] == 1 && in[2] == 2, "alltoall gave %d %d %d", in[0], in[1], in[2]);

    MPI_Op mine_op;
    MPI_Op_create(add, 1, &mine_op);
    int total = 0;
    MPI_Allreduce(&value, &total, 1, MPI_INT, mine_op, MPI_COMM_WORLD);
    CHECK(total == size * (size + 1) / 2, "allreduce with a user operation gave %d", total);
    MPI_Op_free(&mine_op);
    MPI_Type_free(&pair);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        printf("bcast %d %d, reduce %d, allreduce %d\n", two[0], two[1], sum, total);
    }
    conformance_verdict("check-collectives-agree");
    MPI_Finalize();
    return 0;
}
