/*
 * gatherv-rounds: R rounds in each of which every slave reports a task (MSE_Task_done(round * (np - 1) + rank - 1, rank)) and every rank
 * gives MPI_Gatherv at root round % np a block of (3 * rank + round) % 5 * 40 bytes (none for some), the root checking
 * every byte. The C twin of mse.mpi.foreign.GathervRounds (Java, on MSE's Comm, whose gather sends each rank's block
 * up the profile's tree as the library's MPI_Gatherv does): in a deterministic task-cost mode both must give the same
 * prediction to the bit. Usage: gatherv-rounds [ROUNDS] (default 12); rank 0 prints the bytes gathered in all.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "mse.h"

enum { MAX_RANKS = 64, MAX_BLOCK = 160 };

static int block_bytes(int rank, int round) {
    return (3 * rank + round) % 5 * 40;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int rounds = argc > 1 ? atoi(argv[1]) : 12;
    if (np > MAX_RANKS) {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    static char all[MAX_RANKS * MAX_BLOCK];
    char mine[MAX_BLOCK];
    int counts[MAX_RANKS], displs[MAX_RANKS];
    long long gathered = 0;
    for (int round = 0; round < rounds; round++) {
        if (rank > 0) {
            MSE_Task_done(round * (np - 1) + rank - 1, rank);
        }
        for (int r = 0, at = 0; r < np; at += counts[r], r++) {
            counts[r] = block_bytes(r, round);
            displs[r] = at;
        }
        for (int i = 0; i < counts[rank]; i++) {
            mine[i] = (char) (rank + i);
        }
        int root = round % np;
        MPI_Gatherv(mine, counts[rank], MPI_BYTE, all, counts, displs, MPI_BYTE, root, MPI_COMM_WORLD);
        for (int r = 0; rank == root && r < np; r++) {
            for (int i = 0; i < counts[r]; i++) {
                if (all[displs[r] + i] != (char) (r + i)) {
                    fprintf(stderr, "gatherv-rounds: round %d: byte %d of rank %d's block is wrong\n", round, i, r);
                    MPI_Abort(MPI_COMM_WORLD, 3);
                }
            }
        }
        for (int r = 0; r < np; r++) {
            gathered += counts[r];
        }
    }
    if (rank == 0) {
        printf("gatherv-rounds: %d rounds, %lld bytes gathered\n", rounds, gathered);
    }
    MPI_Finalize();
    return 0;
}
