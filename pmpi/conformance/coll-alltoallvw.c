/* np: 4. MPI_Alltoallv and MPI_Alltoallw, blocking and nonblocking (MPI 3.1 §5.8, §5.12.6), on MPI_COMM_WORLD and on
 * the communicators of MPI_Comm_split (world ranks 0, 2, 3 numbered backwards by key -rank, and rank 1 alone): blocks
 * of 0 to 2 elements at displacements that leave gaps (which must keep what they held), MPI_IN_PLACE (its send
 * arguments garbage, as MPI ignores them), and for Alltoallw a different type for each peer on each side, sender and
 * receiver laying out the same signature differently (a pair of ints, a strided vector, plain ints), displacements in
 * bytes. Rank 0 prints a sum of every block received, which differs if any block lands elsewhere. */
#include <stdlib.h>

#include "conformance.h"

enum { NP_MAX = 4, SLOT = 6, UNTOUCHED = -7 };

static int world_rank;

/* The value element k of the block from world rank `from` to world rank `to` carries. */
static int value(int from, int to, int k) {
    return 1000 * from + 100 * to + k;
}

/* How many ints rank r of a communicator sends rank j: 0 to 2, some blocks empty, not symmetric. */
static int sent(int r, int j) {
    return (r + 2 * j) % 3;
}

/* The same, symmetric, for MPI_IN_PLACE (what j receives from r is what r receives from j). */
static int exchanged(int r, int j) {
    return (r + j) % 3;
}

static long long checksum;

/* Checks recv's SLOT ints per peer: the block from rank j (world rank members[j]) of count(j) ints from offset
 * first, UNTOUCHED elsewhere. */
static void check_blocks(const char *what, const int *recv, int n, const int *members, int me, int first,
                         int (*count)(int r, int j), int rank) {
    for (int j = 0; j < n; j++) {
        for (int k = 0; k < SLOT; k++) {
            int at = j * SLOT + k, in_block = k >= first && k < first + count(j, rank);
            int expected = in_block ? value(members[j], me, k - first) : UNTOUCHED;
            CHECK(recv[at] == expected, "%s: [%d] is %d, not %d", what, at, recv[at], expected);
            checksum += in_block ? recv[at] : 0;
        }
    }
}

static void alltoallv(MPI_Comm comm, const int *members, int nonblocking) {
    int rank, n, sendcounts[NP_MAX], sdispls[NP_MAX], recvcounts[NP_MAX], rdispls[NP_MAX];
    int send[NP_MAX * SLOT], recv[NP_MAX * SLOT];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    for (int j = 0; j < n; j++) {
        sendcounts[j] = sent(rank, j);
        sdispls[j] = j * SLOT + 2;
        recvcounts[j] = sent(j, rank);
        rdispls[j] = j * SLOT + 1;
        for (int k = 0; k < SLOT; k++) {
            send[j * SLOT + k] = k >= 2 ? value(world_rank, members[j], k - 2) : -1;
            recv[j * SLOT + k] = UNTOUCHED;
        }
    }
    if (nonblocking) {
        MPI_Request request;
        MPI_Ialltoallv(send, sendcounts, sdispls, MPI_INT, recv, recvcounts, rdispls, MPI_INT, comm, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Alltoallv(send, sendcounts, sdispls, MPI_INT, recv, recvcounts, rdispls, MPI_INT, comm);
    }
    check_blocks(nonblocking ? "ialltoallv" : "alltoallv", recv, n, members, world_rank, 1, sent, rank);
    /* in place: the blocks to send lie where the received ones go; the send arguments are ignored */
    for (int j = 0; j < n; j++) {
        recvcounts[j] = exchanged(rank, j);
        for (int k = 0; k < SLOT; k++) {
            recv[j * SLOT + k] = k >= 1 && k < 1 + recvcounts[j] ? value(world_rank, members[j], k - 1) : UNTOUCHED;
        }
    }
    if (nonblocking) {
        MPI_Request request;
        MPI_Ialltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, recv, recvcounts, rdispls, MPI_INT, comm,
                       &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, recv, recvcounts, rdispls, MPI_INT, comm);
    }
    check_blocks(nonblocking ? "ialltoallv in place" : "alltoallv in place", recv, n, members, world_rank, 1,
                 exchanged, rank);
}

/* Alltoallw: to peer j a rank sends sent(rank, j) ints as one type of three, chosen by j, from byte displacements;
 * it receives from j as another of the three, chosen by j + 1, with the element count that gives the same signature. */
typedef struct {
    MPI_Datatype type;
    int ints;   /* ints per element */
    int stride; /* ints between an element's ints */
} shape;

static shape shapes[3];

static void alltoallw(MPI_Comm comm, const int *members, int nonblocking) {
    int rank, n, sendcounts[NP_MAX], sdispls[NP_MAX], recvcounts[NP_MAX], rdispls[NP_MAX];
    MPI_Datatype sendtypes[NP_MAX], recvtypes[NP_MAX];
    int send[NP_MAX * SLOT * 2], recv[NP_MAX * SLOT], laid[NP_MAX * SLOT];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    for (int i = 0; i < NP_MAX * SLOT * 2; i++) {
        send[i] = -1;
    }
    for (int j = 0; j < n; j++) {
        /* sends: a pair's shape only for even counts; one int is sent as MPI_INT */
        shape s = sent(rank, j) % 2 == 0 ? shapes[j % 2] : shapes[2];
        sendtypes[j] = s.type;
        sendcounts[j] = sent(rank, j) / s.ints;
        sdispls[j] = (int) sizeof(int) * (2 * j * SLOT + 1);
        for (int k = 0; k < sent(rank, j); k++) {
            int element = k / s.ints, within = k % s.ints;
            send[2 * j * SLOT + 1 + element * s.ints * s.stride + within * s.stride] = value(world_rank, members[j], k);
        }
        shape r = sent(j, rank) % 2 == 0 ? shapes[(j + 1) % 2] : shapes[2];
        recvtypes[j] = r.type;
        recvcounts[j] = sent(j, rank) / r.ints;
        rdispls[j] = (int) sizeof(int) * (j * SLOT + 1);
    }
    for (int i = 0; i < NP_MAX * SLOT; i++) {
        recv[i] = UNTOUCHED;
    }
    if (nonblocking) {
        MPI_Request request;
        MPI_Ialltoallw(send, sendcounts, sdispls, sendtypes, recv, recvcounts, rdispls, recvtypes, comm, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Alltoallw(send, sendcounts, sdispls, sendtypes, recv, recvcounts, rdispls, recvtypes, comm);
    }
    /* the strided vector's ints land 2 apart: read them back into place before the check */
    for (int j = 0; j < n; j++) {
        int stride = recvtypes[j] == shapes[1].type ? 2 : 1;
        for (int k = 0; k < SLOT; k++) {
            laid[j * SLOT + k] = UNTOUCHED;
        }
        for (int k = 0; k < sent(j, rank); k++) {
            laid[j * SLOT + 1 + k] = recv[j * SLOT + 1 + k * stride];
        }
        for (int k = 0; k < SLOT; k++) { /* and the gaps were kept */
            int hit = k >= 1 && (k - 1) % stride == 0 && (k - 1) / stride < sent(j, rank);
            CHECK(hit || recv[j * SLOT + k] == UNTOUCHED, "alltoallw: gap [%d] is %d", j * SLOT + k,
                  recv[j * SLOT + k]);
        }
    }
    check_blocks(nonblocking ? "ialltoallw" : "alltoallw", laid, n, members, world_rank, 1, sent, rank);
    /* in place: symmetric counts, the receive types for both ways, send arguments garbage */
    for (int j = 0; j < n; j++) {
        recvtypes[j] = shapes[2].type;
        recvcounts[j] = exchanged(rank, j);
        for (int k = 0; k < SLOT; k++) {
            recv[j * SLOT + k] = k >= 1 && k < 1 + recvcounts[j] ? value(world_rank, members[j], k - 1) : UNTOUCHED;
        }
    }
    if (nonblocking) {
        MPI_Request request;
        MPI_Ialltoallw(MPI_IN_PLACE, NULL, NULL, NULL, recv, recvcounts, rdispls, recvtypes, comm, &request);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
        MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, recv, recvcounts, rdispls, recvtypes, comm);
    }
    check_blocks(nonblocking ? "ialltoallw in place" : "alltoallw in place", recv, n, members, world_rank, 1,
                 exchanged, rank);
}

/* comm's members' world ranks, in comm's rank order. */
static void members_of(MPI_Comm comm, int *members) {
    int n;
    MPI_Comm_size(comm, &n);
    MPI_Allgather(&world_rank, 1, MPI_INT, members, 1, MPI_INT, comm);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Type_contiguous(2, MPI_INT, &shapes[0].type);
    MPI_Type_vector(2, 1, 2, MPI_INT, &shapes[1].type);
    shapes[2].type = MPI_INT;
    MPI_Type_commit(&shapes[0].type);
    MPI_Type_commit(&shapes[1].type);
    shapes[0].ints = shapes[1].ints = 2;
    shapes[2].ints = 1;
    shapes[0].stride = shapes[2].stride = 1;
    shapes[1].stride = 2;
    MPI_Comm split;
    MPI_Comm_split(MPI_COMM_WORLD, world_rank == 1, -world_rank, &split);
    MPI_Comm comms[2] = {MPI_COMM_WORLD, split};
    for (int c = 0; c < 2; c++) {
        int members[NP_MAX];
        members_of(comms[c], members);
        for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
            checksum = 0;
            alltoallv(comms[c], members, nonblocking);
            alltoallw(comms[c], members, nonblocking);
            long long total = 0;
            MPI_Reduce(&checksum, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
            if (world_rank == 0) {
                printf("%s %s: sum of the blocks %lld\n", c == 0 ? "world" : "split",
                       nonblocking ? "nonblocking" : "blocking", total);
            }
        }
    }
    MPI_Comm_free(&split);
    MPI_Type_free(&shapes[0].type);
    MPI_Type_free(&shapes[1].type);
    conformance_verdict("coll-alltoallvw");
    MPI_Finalize();
    return 0;
}
