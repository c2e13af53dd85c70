/* MPI_Reduce_scatter_block and MPI_Reduce_scatter and their nonblocking twins (MPI 3.1 §5.10), as Open MPI's basic
 * reduce_scatter runs them: the profile's reduce of the whole vector to rank 0 (a non-commutative operation in rank
 * order, collectives.c), then its scatter (Scatterv's blocks, scatter_gather.c) from there, one schedule after the
 * other on the same request, as MPI_Allreduce is a reduce and a broadcast. Rank 0 holds the reduced vector in a
 * temporary of its span; the copies of the counts and their displacements live as long as the schedules. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"

/* counts NULL: MPI_Reduce_scatter_block's count elements for every rank; else each rank's counts[r]. In place, the
 * rank's vector is in recvbuf (MPI 3.1 §5.10.1). */
static mse_schedule *reduce_scatter(const char *call, mse_collective tags, const void *sendbuf, void *recvbuf,
                                    const int *counts, int count, MPI_Datatype type, MPI_Op op) {
    int np = tags.comm->size, me = tags.comm->rank;
    int *own_counts = NULL, *displs = NULL;
    long total = (long) count * np;
    if (counts != NULL) {
        own_counts = malloc(sizeof(int) * (size_t) np);
        displs = malloc(sizeof(int) * (size_t) np);
        if (own_counts == NULL || displs == NULL) {
            mse_die("%s: out of memory for %d counts", call, np);
        }
        memcpy(own_counts, counts, sizeof(int) * (size_t) np);
        total = 0;
        for (int r = 0; r < np; r++) {
            displs[r] = total > INT_MAX ? 0 : (int) total;
            total += counts[r];
        }
    }
    if (total > INT_MAX) {
        mse_die("%s of %ld elements: more than the int count a reduce takes", call, total);
    }
    void *block = NULL;
    char *reduced = me == 0 ? mse_reduce_operand(call, (int) total, type, &block) : NULL;
    mse_schedule *s = mse_reduce_to(call, tags, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, reduced, (int) total,
                                    type, op, 0);
    int mine = counts == NULL ? count : counts[me];
    s->then = mse_scatter_from(call, tags, reduced, own_counts, displs, count, type, recvbuf, mine, type, 0);
    mse_schedule_own(s->then, block);
    mse_schedule_own(s->then, own_counts);
    mse_schedule_own(s->then, displs);
    return s;
}

/* Runs (request NULL) or starts one of the four calls once its arguments are checked: this rank's own count, and the
 * vector's length (the same on every rank) for the emulator to compare. */
static int reduce_scatter_call(const char *call, const void *sendbuf, void *recvbuf, const int *counts, int count,
                               MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
    int me = 0;
    if (counts != NULL && comm != MPI_COMM_NULL) {
        PMPI_Comm_rank(comm, &me);
    }
    int code = mse_collective_checked(call, comm, counts == NULL ? count : counts[me], type, MSE_NO_ROOT, &op,
                                      counts == NULL);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin(call, comm, request != NULL);
    mse_schedule *s = reduce_scatter(call, tags, sendbuf, recvbuf, counts, count, type, op);
    return request == NULL ? mse_collective_run(s) : mse_collective_start(s, request);
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm) {
    return reduce_scatter_call("MPI_Reduce_scatter_block", sendbuf, recvbuf, NULL, recvcount, type, op, comm, NULL);
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm, MPI_Request *request) {
    return reduce_scatter_call("MPI_Ireduce_scatter_block", sendbuf, recvbuf, NULL, recvcount, type, op, comm,
                               request);
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm) {
    return reduce_scatter_call("MPI_Reduce_scatter", sendbuf, recvbuf, recvcounts, 0, type, op, comm, NULL);
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request) {
    return reduce_scatter_call("MPI_Ireduce_scatter", sendbuf, recvbuf, recvcounts, 0, type, op, comm, request);
}
