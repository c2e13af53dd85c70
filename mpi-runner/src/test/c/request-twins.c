/*
 * Twins that must predict the same to the nanosecond in a deterministic task-cost mode, since each pair reports the
 * same facts in the same order (RequestTwinsIT):
 *   persistent TASKS / isend TASKS: a farm whose master keeps one receive per worker in flight and answers with the
 *     next task, through persistent requests (MPI_Recv_init, MPI_Send_init, MPI_Start) or through MPI_Irecv and
 *     MPI_Isend; workers report MSE_Task_done(task, task % 5 + 1);
 *   nonblocking ROUNDS / blocking ROUNDS: rounds of every collective the library emulates, at roots that move round
 *     the ranks, each nonblocking one followed at once by its wait, or the blocking one; each round every rank
 *     reports MSE_Task_done(round, rank + 1) first.
 * Rank 0 prints a sum of the results.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mse.h"

enum { TAG_WORK = 1, TAG_RESULT = 2, TAG_STOP = 3, MAX_RANKS = 64 };

typedef struct {
    int persistent;
    MPI_Request requests[MAX_RANKS];
} twin_requests;

/* A receive or send of one int with the peer: started from its persistent request, or posted anew. */
static void receive(twin_requests *r, int slot, int *into, int peer, int tag) {
    if (r->persistent) {
        if (r->requests[slot] == MPI_REQUEST_NULL) {
            MPI_Recv_init(into, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &r->requests[slot]);
        }
        MPI_Start(&r->requests[slot]);
    } else {
        MPI_Irecv(into, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &r->requests[slot]);
    }
}

static void send(twin_requests *r, int slot, int *from, int peer, int tag) {
    if (r->persistent && tag != TAG_STOP) {
        if (r->requests[slot] == MPI_REQUEST_NULL) {
            MPI_Send_init(from, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &r->requests[slot]);
        }
        MPI_Start(&r->requests[slot]);
        MPI_Wait(&r->requests[slot], MPI_STATUS_IGNORE);
    } else {
        MPI_Request request;
        MPI_Isend(from, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
}

static void free_all(twin_requests *r, int n) {
    for (int i = 0; i < n; i++) {
        if (r->requests[i] != MPI_REQUEST_NULL) {
            MPI_Request_free(&r->requests[i]);
        }
    }
}

static long long master(int persistent, int np, int tasks) {
    twin_requests receives = {persistent, {0}}, sends = {persistent, {0}};
    int results[MAX_RANKS], next[MAX_RANKS], given = 0, done = 0;
    long long sum = 0;
    for (int w = 0; w < np; w++) {
        receives.requests[w] = sends.requests[w] = MPI_REQUEST_NULL;
    }
    for (int w = 1; w < np; w++) {
        next[w] = given++;
        receive(&receives, w, &results[w], w, TAG_RESULT);
        send(&sends, w, &next[w], w, TAG_WORK);
    }
    while (done < tasks) {
        int w;
        MPI_Waitany(np, receives.requests, &w, MPI_STATUS_IGNORE);
        sum += results[w];
        done++;
        if (given < tasks) {
            next[w] = given++;
            receive(&receives, w, &results[w], w, TAG_RESULT);
            send(&sends, w, &next[w], w, TAG_WORK);
        } else {
            send(&sends, w, &next[w], w, TAG_STOP);
        }
    }
    free_all(&receives, np);
    free_all(&sends, np);
    return sum;
}

static void worker(int persistent) {
    twin_requests in = {persistent, {MPI_REQUEST_NULL}}, out = {persistent, {MPI_REQUEST_NULL}};
    int task, result;
    for (;;) {
        MPI_Status status;
        receive(&in, 0, &task, 0, MPI_ANY_TAG);
        MPI_Wait(&in.requests[0], &status);
        if (status.MPI_TAG == TAG_STOP) {
            break;
        }
        MSE_Task_done(task, task % 5 + 1);
        result = task * task;
        send(&out, 0, &result, 0, TAG_RESULT);
    }
    free_all(&in, 1);
    free_all(&out, 1);
}

/* One round of every collective, blocking or each nonblocking one followed at once by its wait. */
#define COLL(nonblocking, blocking, started, ...)                                                                \
    do {                                                                                                             \
        if (nonblocking) {                                                                                           \
            MPI_Request request;                                                                                     \
            started(__VA_ARGS__, &request);                                                                          \
            MPI_Wait(&request, MPI_STATUS_IGNORE);                                                                   \
        } else {                                                                                                     \
            blocking(__VA_ARGS__);                                                                                   \
        }                                                                                                            \
    } while (0)

/* A non-commutative operation: every element but the first summed, the first the right operand's. */
static void right_first(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    const int *left = in;
    int *right = inout;
    for (int i = *len - 1; i > 0; i--) {
        right[i] = left[i] + right[i];
    }
}

static long long collectives(int nonblocking, int np, int rank, int rounds) {
    enum { K = 3 };
    int mine[K], one[K], all[MAX_RANKS * K], counts[MAX_RANKS], displs[MAX_RANKS], spread[MAX_RANKS * K];
    int to_each[MAX_RANKS], from_each[MAX_RANKS], at[MAX_RANKS], bytes_at[MAX_RANKS];
    MPI_Datatype ints[MAX_RANKS];
    long long check = 0;
    MPI_Op first;
    MPI_Op_create(right_first, 0, &first);
    for (int r = 0; r < np; r++) {
        counts[r] = (r + 1) % K;
        displs[r] = K * (np - 1 - r);
        to_each[r] = (r + 1) % K; /* what this rank sends r, which is what r receives from it */
        from_each[r] = (rank + 1) % K;
        at[r] = K * r;
        bytes_at[r] = K * r * (int) sizeof(int);
        ints[r] = MPI_INT;
    }
    for (int round = 0; round < rounds; round++) {
        int root = round % np;
        MSE_Task_done(round, rank + 1);
        for (int k = 0; k < K; k++) {
            mine[k] = rank * 10 + k + round;
        }
        COLL(nonblocking, MPI_Bcast, MPI_Ibcast, mine, K, MPI_INT, root, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Reduce, MPI_Ireduce, mine, one, K, MPI_INT, MPI_SUM, (root + 1) % np, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Reduce, MPI_Ireduce, mine, one, K, MPI_INT, first, (root + 1) % np, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Allreduce, MPI_Iallreduce, MPI_IN_PLACE, mine, K, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Gather, MPI_Igather, mine, K, MPI_INT, all, K, MPI_INT, root, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Gatherv, MPI_Igatherv, mine, counts[rank], MPI_INT, all, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Allgather, MPI_Iallgather, mine, K, MPI_INT, all, K, MPI_INT, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Allgatherv, MPI_Iallgatherv, mine, counts[rank], MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Scatter, MPI_Iscatter, all, K, MPI_INT, one, K, MPI_INT, root, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Scatterv, MPI_Iscatterv, all, counts, displs, MPI_INT, one, counts[rank], MPI_INT, root, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Alltoall, MPI_Ialltoall, all, 1, MPI_INT, all + np, 1, MPI_INT, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Alltoallv, MPI_Ialltoallv, all, to_each, at, MPI_INT, spread, from_each, at, MPI_INT,
             MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Alltoallw, MPI_Ialltoallw, spread, to_each, bytes_at, ints, all, from_each, bytes_at,
             ints, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Scan, MPI_Iscan, mine, one, K, MPI_INT, first, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Exscan, MPI_Iexscan, MPI_IN_PLACE, mine, K, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, all, spread, 1, MPI_INT, first,
             MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Reduce_scatter, MPI_Ireduce_scatter, all, spread, to_each, MPI_INT, MPI_SUM,
             MPI_COMM_WORLD);
        COLL(nonblocking, MPI_Barrier, MPI_Ibarrier, MPI_COMM_WORLD);
        check += mine[0] + all[np] + one[0];
    }
    MPI_Op_free(&first);
    return check;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    const char *mode = argc > 1 ? argv[1] : "persistent";
    int n = argc > 2 ? atoi(argv[2]) : 32;
    int farm = strcmp(mode, "persistent") == 0 || strcmp(mode, "isend") == 0;
    int rounds = strcmp(mode, "nonblocking") == 0 || strcmp(mode, "blocking") == 0;
    if (np > MAX_RANKS || np < 2 || !(farm || rounds)) {
        if (rank == 0) {
            fprintf(stderr, "usage: request-twins persistent|isend|nonblocking|blocking N, on 2 to %d ranks\n",
                    MAX_RANKS);
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int persistent = strcmp(mode, "persistent") == 0;
    if (rounds) {
        long long check = collectives(strcmp(mode, "nonblocking") == 0, np, rank, n);
        if (rank == 0) {
            printf("%s collectives, %d rounds: %lld\n", mode, n, check);
        }
    } else if (rank == 0) {
        printf("%s farm of %d tasks: sum of squares %lld\n", mode, n, master(persistent, np, n));
    } else {
        worker(persistent);
    }
    MPI_Finalize();
    return 0;
}
