/* every-call: each call the interposition library emulates, used once or more with a result that checks it, so that
 * a plain run and an emulated one print the same line (docs/interposition.md). Any number of ranks from 2 to 64.
 * Sendrecv around a ring, Bsend, Isend/Irecv with Test, Wait, Waitall and Request_free, Iprobe and Probe with MPI_Get_count,
 * Issend, Ibsend and Irsend with Testany, Testall and Testsome, Waitsome, Sendrecv_replace,
 * MPI_PROC_NULL, Bcast from the last rank, Reduce of doubles (MAX), of long longs (SUM, in place) and with an
 * operation of the program's own, Barrier, Allreduce, Gather, Gatherv, Allgather, Allgatherv, Scatter, Scatterv, Alltoall (up
 * to 64 ranks), Cancel of a receive, Wtime, Wtick, MPI_Pcontrol.
 * Not called here: MPI_Init_thread (threads-farm.c), MPI_Abort (faults.c), MPI_Ssend and MPI_Rsend (the conformance
 * case p2p-send-modes), MPI_Waitany (waitany-farm.c), MPI_Request_get_status (the conformance case
 * request-get-status), the persistent requests MPI_Send_init, MPI_Ssend_init, MPI_Bsend_init, MPI_Rsend_init,
 * MPI_Recv_init, MPI_Start and MPI_Startall (the conformance case request-persistent-farm, RequestTwinsIT), the
 * matched probes MPI_Mprobe, MPI_Improbe, MPI_Mrecv and MPI_Imrecv (the conformance case request-mprobe), the
 * nonblocking collectives MPI_Ibcast, MPI_Ireduce, MPI_Iallreduce, MPI_Igather, MPI_Igatherv, MPI_Iallgather,
 * MPI_Iallgatherv, MPI_Iscatter, MPI_Iscatterv, MPI_Ialltoall and MPI_Ibarrier (the conformance case nbc-every,
 * RequestTwinsIT), MPI_Comm_dup, MPI_Comm_dup_with_info, MPI_Comm_split, MPI_Comm_create, MPI_Comm_create_group and
 * MPI_Comm_free (the conformance cases comm-contexts and comm-split-collectives), MPI_Alltoallv, MPI_Alltoallw,
 * MPI_Ialltoallv and MPI_Ialltoallw (the conformance case coll-alltoallvw, CollectiveChargesIT), MPI_Scan, MPI_Exscan,
 * MPI_Iscan and MPI_Iexscan (coll-scan), MPI_Reduce_scatter, MPI_Reduce_scatter_block, MPI_Ireduce_scatter and
 * MPI_Ireduce_scatter_block (coll-reduce-scatter), MPI_Comm_split_type (comm-split-type), MPI_Cart_create, MPI_Cart_sub,
 * MPI_Graph_create, MPI_Dist_graph_create_adjacent and MPI_Dist_graph_create (the conformance cases topo-cart and
 * topo-graph). */
#include <mpi.h>
#include <stdio.h>

/* A non-commutative operation of the program's own: keeps the left operand's first element, adds the rest. */
static void first_plus(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    int *a = in, *b = inout;
    for (int i = 1; i < *len; i++) {
        b[i] += a[i];
    }
    b[0] = a[0];
}

/* Gatherv to rank size / 2 (in place there), then Scatterv from the last rank (in place there), with blocks of 0, 1
 * or 2 pairs of ints: sent from every other int of a strided buffer (a vector type) into contiguous pairs at the root,
 * each block one pair after the last (Gatherv) or in reverse rank order (Scatterv), and back. The gaps the blocks
 * leave, and the holes of the strided buffers, must come back untouched. Returns the checks passed (0 to 2). */
enum { MAX_RANKS = 64, GAP = -7 };
static int varying_blocks(int rank, int size) {
    if (size > MAX_RANKS) {
        return 0;
    }
    MPI_Datatype strided_pair, pair;
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided_pair); /* ints 0 and 2 of every 3 */
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&strided_pair);
    MPI_Type_commit(&pair);
    int counts[MAX_RANKS], displs[MAX_RANKS], at = 0, root = size / 2, ok = 1;
    int strided[3 * 2], pairs[2 * 3 * MAX_RANKS];
    for (int r = 0; r < size; at += counts[r] + 1, r++) {
        counts[r] = r % 3;
        displs[r] = at;
    }
    for (int i = 0; i < 2 * at; i++) {
        pairs[i] = GAP;
    }
    for (int j = 0; j < rank % 3; j++) {
        strided[3 * j] = 100 * rank + j, strided[3 * j + 1] = GAP, strided[3 * j + 2] = -(100 * rank + j);
        if (rank == root) {
            pairs[2 * (displs[rank] + j)] = 100 * rank + j, pairs[2 * (displs[rank] + j) + 1] = -(100 * rank + j);
        }
    }
    MPI_Gatherv(rank == root ? MPI_IN_PLACE : strided, rank % 3, strided_pair, pairs, counts, displs, pair, root,
                MPI_COMM_WORLD);
    for (int r = 0; rank == root && r < size; r++) {
        for (int j = 0; j < counts[r]; j++) {
            ok = ok && pairs[2 * (displs[r] + j)] == 100 * r + j && pairs[2 * (displs[r] + j) + 1] == -(100 * r + j);
        }
        ok = ok && pairs[2 * (displs[r] + counts[r])] == GAP && pairs[2 * (displs[r] + counts[r]) + 1] == GAP;
    }
    int checks = ok;

    root = size - 1, at = 0;
    for (int r = size - 1; r >= 0; at += counts[r] + 1, r--) {
        counts[r] = (r + 1) % 3;
        displs[r] = at;
        for (int j = 0; j < counts[r]; j++) {
            pairs[2 * (at + j)] = 1000 * r + j, pairs[2 * (at + j) + 1] = -(1000 * r + j);
        }
    }
    for (int i = 0; i < 3 * 2; i++) {
        strided[i] = GAP;
    }
    MPI_Scatterv(pairs, counts, displs, pair, rank == root ? MPI_IN_PLACE : strided, (rank + 1) % 3, strided_pair,
                 root, MPI_COMM_WORLD);
    for (int j = 0; rank != root && j < 2; j++) {
        int got = j < counts[rank];
        ok = ok && strided[3 * j] == (got ? 1000 * rank + j : GAP) && strided[3 * j + 1] == GAP
             && strided[3 * j + 2] == (got ? -(1000 * rank + j) : GAP);
    }
    MPI_Type_free(&strided_pair);
    MPI_Type_free(&pair);
    return checks + ok;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long long check = 0;
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    int out = rank * 10, in = -1;
    MPI_Status status;
    MPI_Sendrecv(&out, 1, MPI_INT, right, 7, &in, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &status);
    check += in == left * 10 && status.MPI_SOURCE == left;

    MPI_Request requests[3];
    int got[2] = {-1, -1}, sent[2] = {rank, rank + 100};
    MPI_Irecv(&got[0], 1, MPI_INT, left, 1, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(&got[1], 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &requests[1]);
    MPI_Isend(&sent[0], 1, MPI_INT, right, 1, MPI_COMM_WORLD, &requests[2]);
    MPI_Request_free(&requests[2]);
    MPI_Send(&sent[1], 1, MPI_INT, right, 2, MPI_COMM_WORLD);
    int flag = 0;
    while (!flag) {
        MPI_Test(&requests[0], &flag, MPI_STATUS_IGNORE);
    }
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    check += got[0] == left && got[1] == left + 100 && requests[0] == MPI_REQUEST_NULL;

    double payload[5] = {1, 2, 3, 4, 5};
    static char attached[1024];
    MPI_Buffer_attach(attached, sizeof attached);
    MPI_Bsend(payload, rank + 1 > 5 ? 5 : rank + 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD);
    int arrived = 0;
    while (!arrived) {
        MPI_Iprobe(left, 3, MPI_COMM_WORLD, &arrived, &status);
    }
    int count;
    MPI_Get_count(&status, MPI_DOUBLE, &count);
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    double back[5];
    MPI_Recv(back, 5, MPI_DOUBLE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, &status);
    check += count == (left + 1 > 5 ? 5 : left + 1);
    void *detached;
    int detached_size;
    MPI_Buffer_detach(&detached, &detached_size);

    /* Issend, Ibsend and Irsend (the receives posted first, as ready mode needs), taken by Testany then Testall; the
     * sends completed by Testsome; two receives finished by Waitsome; a token passed on by Sendrecv_replace. */
    int modes[3] = {-1, -1, -1}, values[3] = {rank, rank + 1000, rank + 2000};
    MPI_Request receives[3], sends[3];
    for (int m = 0; m < 3; m++) {
        MPI_Irecv(&modes[m], 1, MPI_INT, left, 10 + m, MPI_COMM_WORLD, &receives[m]);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Buffer_attach(attached, sizeof attached);
    MPI_Issend(&values[0], 1, MPI_INT, right, 10, MPI_COMM_WORLD, &sends[0]);
    MPI_Ibsend(&values[1], 1, MPI_INT, right, 11, MPI_COMM_WORLD, &sends[1]);
    MPI_Irsend(&values[2], 1, MPI_INT, right, 12, MPI_COMM_WORLD, &sends[2]);
    int index = MPI_UNDEFINED;
    for (flag = 0; !flag;) {
        MPI_Testany(3, receives, &index, &flag, &status);
    }
    int first_ok = index >= 0 && index < 3 && status.MPI_TAG == 10 + index && receives[index] == MPI_REQUEST_NULL;
    MPI_Status statuses[3];
    for (flag = 0; !flag;) {
        MPI_Testall(3, receives, &flag, statuses);
    }
    check += first_ok && modes[0] == left && modes[1] == left + 1000 && modes[2] == left + 2000;
    int outcount = 0, indices[3], completed = 0;
    while (outcount != MPI_UNDEFINED) {
        MPI_Testsome(3, sends, &outcount, indices, MPI_STATUSES_IGNORE);
        completed += outcount == MPI_UNDEFINED ? 0 : outcount;
    }
    check += completed == 3 && sends[0] == MPI_REQUEST_NULL && sends[2] == MPI_REQUEST_NULL;
    MPI_Buffer_detach(&detached, &detached_size);
    int pair_in[2] = {-1, -1};
    MPI_Irecv(&pair_in[0], 1, MPI_INT, left, 13, MPI_COMM_WORLD, &receives[0]);
    MPI_Irecv(&pair_in[1], 1, MPI_INT, left, 14, MPI_COMM_WORLD, &receives[1]);
    MPI_Send(&values[1], 1, MPI_INT, right, 14, MPI_COMM_WORLD);
    MPI_Send(&values[0], 1, MPI_INT, right, 13, MPI_COMM_WORLD);
    int tags_seen = 0;
    for (completed = 0; completed < 2;) {
        MPI_Waitsome(2, receives, &outcount, indices, statuses);
        for (int k = 0; k < outcount; k++) {
            tags_seen += statuses[k].MPI_TAG == 13 + indices[k];
        }
        completed += outcount;
    }
    int token = rank * 7;
    MPI_Sendrecv_replace(&token, 1, MPI_INT, right, 15, left, 15, MPI_COMM_WORLD, &status);
    check += tags_seen == 2 && pair_in[0] == left && pair_in[1] == left + 1000;
    check += token == left * 7 && status.MPI_SOURCE == left && status.MPI_TAG == 15;

    MPI_Send(&out, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &status);
    check += status.MPI_SOURCE == MPI_PROC_NULL;

    int shared[3] = {0, 0, 0};
    if (rank == size - 1) {
        shared[0] = 11, shared[1] = 22, shared[2] = 33;
    }
    MPI_Bcast(shared, 3, MPI_INT, size - 1, MPI_COMM_WORLD);
    check += shared[0] + shared[1] + shared[2] == 66;

    double mine = rank * 1.5, largest = 0;
    MPI_Reduce(&mine, &largest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    long long total = rank;
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &total, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Op op;
    MPI_Op_create(first_plus, 0, &op);
    int pair[2] = {rank, rank}, combined[2] = {0, 0};
    MPI_Reduce(pair, combined, 2, MPI_INT, op, 0, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Barrier(MPI_COMM_WORLD);

    /* Allreduce (in place too), Gather to rank 1 (in place there), Allgather, Scatter from the last rank, Alltoall
     * (and in place): every rank checks every block it got. */
    int sum_all = 0, max_all = rank;
    MPI_Allreduce(&rank, &sum_all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &max_all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check += sum_all == size * (size - 1) / 2 && max_all == size - 1;
    int blocks[2 * MAX_RANKS], gathered[2 * MAX_RANKS], mine2[2] = {rank, -rank}, ok = size <= MAX_RANKS;
    int gather_root = 1 % size;
    if (ok && rank == gather_root) {
        gathered[2 * rank] = rank, gathered[2 * rank + 1] = -rank;
    }
    if (ok) {
        MPI_Gather(rank == gather_root ? MPI_IN_PLACE : mine2, 2, MPI_INT, gathered, 2, MPI_INT, gather_root,
                   MPI_COMM_WORLD);
        MPI_Allgather(mine2, 2, MPI_INT, blocks, 2, MPI_INT, MPI_COMM_WORLD);
    }
    for (int r = 0; ok && r < size; r++) {
        ok = blocks[2 * r] == r && blocks[2 * r + 1] == -r
             && (rank != gather_root || (gathered[2 * r] == r && gathered[2 * r + 1] == -r));
    }
    check += ok;
    int to_each[MAX_RANKS], from_each[MAX_RANKS], in_place[MAX_RANKS], part = -1;
    for (int r = 0; ok && r < size; r++) {
        to_each[r] = 100 * rank + r;
        in_place[r] = 1000 * rank + r;
    }
    if (ok) {
        MPI_Scatter(to_each, 1, MPI_INT, &part, 1, MPI_INT, size - 1, MPI_COMM_WORLD);
        MPI_Alltoall(to_each, 1, MPI_INT, from_each, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoall(MPI_IN_PLACE, 1, MPI_INT, in_place, 1, MPI_INT, MPI_COMM_WORLD);
    }
    ok = ok && part == 100 * (size - 1) + rank;
    for (int r = 0; ok && r < size; r++) {
        ok = from_each[r] == 100 * r + rank && in_place[r] == 1000 * r + rank;
    }
    check += ok;

    /* Allgatherv: rank r gives r + 1 values, each block placed one slot apart, in place on the last rank. */
    int varied[MAX_RANKS * (MAX_RANKS + 2)], counts[MAX_RANKS], displs[MAX_RANKS], own_values[MAX_RANKS];
    for (int r = 0, at = 0; ok && r < size; at += r + 2, r++) {
        counts[r] = r + 1;
        displs[r] = at;
    }
    for (int i = 0; ok && i <= rank; i++) {
        own_values[i] = 1000 * rank + i;
        if (rank == size - 1) {
            varied[displs[rank] + i] = own_values[i];
        }
    }
    if (ok) {
        MPI_Allgatherv(rank == size - 1 ? MPI_IN_PLACE : own_values, rank + 1, MPI_INT, varied, counts, displs,
                       MPI_INT, MPI_COMM_WORLD);
    }
    for (int r = 0; ok && r < size; r++) {
        for (int i = 0; i <= r; i++) {
            ok = ok && varied[displs[r] + i] == 1000 * r + i;
        }
    }
    check += ok;

    check += varying_blocks(rank, size);

    /* Cancel of a receive nothing will match: it completes cancelled. */
    int never = -1, cancelled = 0;
    MPI_Request unmatched;
    MPI_Irecv(&never, 1, MPI_INT, left, 20, MPI_COMM_WORLD, &unmatched);
    MPI_Cancel(&unmatched);
    MPI_Wait(&unmatched, &status);
    MPI_Test_cancelled(&status, &cancelled);
    check += cancelled && never == -1 && unmatched == MPI_REQUEST_NULL;

    double t0 = MPI_Wtime(), t1 = MPI_Wtime();
    check += t1 >= t0 && MPI_Wtick() > 0;
    MPI_Pcontrol(1);
    long long all = 0;
    MPI_Reduce(&check, &all, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("every-call np=%d checks=%lld/%d max=%.1f sum=%lld own-op=%d,%d\n", size, all, 17 * size, largest, total,
               combined[0], combined[1]);
    }
    MPI_Finalize();
    return 0;
}
