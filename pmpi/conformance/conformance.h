/* What every conformance case shares: a check that records the first failure on this rank, and the verdict, which
 * rank 0 prints once every rank has said whether its checks held (the verdict is the only line a case must print). */
#ifndef MSE_CONFORMANCE_H
#define MSE_CONFORMANCE_H

#include <mpi.h>
#include <stdio.h>
#include <string.h>

static char conformance_failure[256];

/* Records the first failed condition on this rank, with where it was checked. */
#define CHECK(condition, ...)                                                                              \
    do {                                                                                                   \
        if (!(condition) && conformance_failure[0] == '\0') {                                              \
            int conformance_n = snprintf(conformance_failure, sizeof conformance_failure, "line %d: ", __LINE__); \
            snprintf(conformance_failure + conformance_n, sizeof conformance_failure - (size_t) conformance_n, \
                     __VA_ARGS__);                                                                         \
        }                                                                                                  \
    } while (0)

/* Gathers each rank's first failure to rank 0, which prints "name: ok" or "name: FAIL rank R: ..." (the first
 * failing rank's); called by every rank of MPI_COMM_WORLD before MPI_Finalize. */
static void conformance_verdict(const char *name) {
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank != 0) {
        MPI_Send(conformance_failure, (int) sizeof conformance_failure, MPI_CHAR, 0, 32000, MPI_COMM_WORLD);
        return;
    }
    char first[sizeof conformance_failure + 32];
    first[0] = '\0';
    if (conformance_failure[0] != '\0') {
        snprintf(first, sizeof first, "rank 0: %s", conformance_failure);
    }
    for (int r = 1; r < size; r++) {
        char theirs[sizeof conformance_failure];
        MPI_Recv(theirs, (int) sizeof theirs, MPI_CHAR, r, 32000, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (theirs[0] != '\0' && first[0] == '\0') {
            snprintf(first, sizeof first, "rank %d: %.*s", r, (int) sizeof theirs - 1, theirs);
        }
    }
    if (first[0] == '\0') {
        printf("%s: ok\n", name);
    } else {
        printf("%s: FAIL %s\n", name, first);
    }
    fflush(stdout);
}

#endif
