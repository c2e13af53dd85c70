/*
 * One collective, the one argv[1] names, with blocks whose sizes differ per pair of ranks, and nothing else: the
 * case whose charge CollectiveChargesIT computes by hand from the collective's documented algorithm
 * (docs/collectives.md) and the profile (CollectiveChargeCases.java says each case's messages):
 *   alltoallv, alltoallw (np 3): rank 0 sends rank 1 800 bytes and rank 2 80, rank 1 sends rank 2 8 and rank 2 sends
 *     rank 0 8; every other block is empty (alltoallw as doubles, ints and bytes, each pair its own type);
 *   scan, exscan (np 3): 100 MPI_INTs summed;
 *   reduce_scatter_block (np 3): 20 MPI_INTs to each rank, summed;
 *   reduce_scatter (np 3): 2, 0 and 100 MPI_INTs to ranks 0, 1 and 2, summed.
 * Each rank reports one task of no work first (a deterministic task cost needs tasks; this one is charged nothing).
 * Rank 0 prints what it received, so a wrong block shows.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "mse.h"

enum { NP = 3 };

/* bytes[from][to] */
static const int BYTES[NP][NP] = {{8, 800, 80}, {0, 0, 8}, {8, 0, 0}};

static int all_to_all(int rank, int w) {
    static char send[NP * 1000], recv[NP * 1000];
    int sendcounts[NP], sdispls[NP], recvcounts[NP], rdispls[NP];
    MPI_Datatype sendtypes[NP], recvtypes[NP];
    /* each pair's own type in alltoallw: doubles for 800 bytes, ints for 80, bytes for 8 and 0 */
    for (int j = 0; j < NP; j++) {
        int out = BYTES[rank][j], in = BYTES[j][rank];
        sendtypes[j] = out % 8 == 0 && out > 8 ? MPI_DOUBLE : out % 4 == 0 && out > 8 ? MPI_INT : MPI_BYTE;
        recvtypes[j] = in % 8 == 0 && in > 8 ? MPI_DOUBLE : in % 4 == 0 && in > 8 ? MPI_INT : MPI_BYTE;
        int out_size, in_size;
        MPI_Type_size(w ? sendtypes[j] : MPI_BYTE, &out_size);
        MPI_Type_size(w ? recvtypes[j] : MPI_BYTE, &in_size);
        sendcounts[j] = out / out_size;
        recvcounts[j] = in / in_size;
        sdispls[j] = rdispls[j] = j * 1000; /* bytes (w), or as many MPI_BYTE elements (v) */
        memset(send + sdispls[j], 10 * rank + j, (size_t) out);
    }
    if (w) {
        MPI_Alltoallw(send, sendcounts, sdispls, sendtypes, recv, recvcounts, rdispls, recvtypes, MPI_COMM_WORLD);
    } else {
        MPI_Alltoallv(send, sendcounts, sdispls, MPI_BYTE, recv, recvcounts, rdispls, MPI_BYTE, MPI_COMM_WORLD);
    }
    int sum = 0;
    for (int j = 0; j < NP; j++) {
        for (int b = 0; b < BYTES[j][rank]; b++) {
            sum += recv[rdispls[j] + b];
        }
    }
    return sum;
}

/* Scan, Exscan, Reduce_scatter_block or Reduce_scatter of rank-dependent ints summed; the sum of what rank 0 got. */
static int reduction(const char *which, int rank) {
    static const int counts[NP] = {2, 0, 100};
    int in[NP * 100], out[NP * 100], sum = 0;
    for (int i = 0; i < NP * 100; i++) {
        in[i] = rank + i % 7;
        out[i] = 0;
    }
    if (strcmp(which, "scan") == 0) {
        MPI_Scan(in, out, 100, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else if (strcmp(which, "exscan") == 0) {
        MPI_Exscan(in, out, 100, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else if (strcmp(which, "reduce_scatter_block") == 0) {
        MPI_Reduce_scatter_block(in, out, 20, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else {
        MPI_Reduce_scatter(in, out, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
    for (int i = 0; i < 100; i++) {
        sum += out[i];
    }
    return sum;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, result = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *which = argc > 1 ? argv[1] : "";
    MSE_Task_done(rank, 0);
    if (size != NP) {
        fprintf(stderr, "collective-charges: np must be %d\n", NP);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (strcmp(which, "alltoallv") == 0 || strcmp(which, "alltoallw") == 0) {
        result = all_to_all(rank, which[8] == 'w');
    } else if (strcmp(which, "scan") == 0 || strcmp(which, "exscan") == 0 || strcmp(which, "reduce_scatter") == 0
               || strcmp(which, "reduce_scatter_block") == 0) {
        result = reduction(which, rank);
    } else {
        fprintf(stderr, "collective-charges: no case %s\n", which);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (rank == 0) {
        printf("%s: rank 0 got %d\n", which, result);
    }
    MPI_Finalize();
    return 0;
}
