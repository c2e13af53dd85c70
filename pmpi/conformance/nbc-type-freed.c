/* np: 4. A datatype freed while nonblocking collectives that use it are pending (MPI 3.1 §4.1.9: MPI_Type_free marks
 * the type for deallocation, and "any communication that is currently using this datatype will complete normally";
 * §5.12: a nonblocking collective is such a communication until it completes). Every rank starts MPI_Ibcast,
 * MPI_Ireduce, MPI_Iallreduce, MPI_Igather, MPI_Iscatter, MPI_Iallgather, MPI_Ialltoall, MPI_Ialltoallv,
 * MPI_Ialltoallw, MPI_Iscan, MPI_Iexscan and MPI_Ireduce_scatter_block whose receiving side is a vector of pairs of
 * ints, frees the vector, creates other types with other layouts (which may reuse the freed
 * handle), and only then completes them; each result must equal its blocking twin's through a live copy of the type,
 * gaps included. */
#include "conformance.h"

#define PAIRS 8               /* pairs in one vector: 16 ints over a span of 30 */
#define SPAN (4 * PAIRS - 2)  /* the vector's extent in ints */
#define RANKS 4
#define ROOM (RANKS * SPAN + 8)
#define HOLE (-7)
#define CALLS 12

static const char *const names[CALLS] = {"MPI_Ibcast", "MPI_Ireduce", "MPI_Iallreduce", "MPI_Igather", "MPI_Iscatter",
                                         "MPI_Iallgather", "MPI_Ialltoall", "MPI_Ialltoallv", "MPI_Ialltoallw",
                                         "MPI_Iscan", "MPI_Iexscan", "MPI_Ireduce_scatter_block"};

static MPI_Datatype pairs_type(void) {
    MPI_Datatype pairs;
    MPI_Type_vector(PAIRS, 2, 4, MPI_INT, &pairs);
    MPI_Type_commit(&pairs);
    return pairs;
}

/* A sum of ints, the program's own: Open MPI's predefined operations refuse a derived type in its nonblocking
 * reductions. */
static void add(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    for (int e = 0; e < *len; e++) { /* MPI hands the operands laid out as the type says (§5.9.5): pairs every 4 */
        for (int k = 0; k < 2 * PAIRS; k++) {
            int at = e * SPAN + 4 * (k / 2) + k % 2;
            ((int *) inout)[at] += ((const int *) in)[at];
        }
    }
}

static MPI_Op sum;

/* Starts (request not NULL) or runs the call of the given number into out, through type; in holds this rank's ints. */
static void collective(int call, const int *in, int *out, MPI_Datatype type, MPI_Request *request) {
    /* A nonblocking call's arrays are the program's until it completes (MPI 3.1 §5.12): one set per call. */
    static int counts[2][CALLS][4][RANKS];
    static MPI_Datatype types[2][CALLS][2][RANKS];
    int twin = request == NULL;
    int *sendcounts = counts[twin][call][0], *recvcounts = counts[twin][call][1];
    int *sdispls = counts[twin][call][2], *rdispls = counts[twin][call][3];
    MPI_Datatype *sendtypes = types[twin][call][0], *recvtypes = types[twin][call][1];
    MPI_Comm w = MPI_COMM_WORLD;
    int rank;
    MPI_Comm_rank(w, &rank);
    switch (call) {
    case 0:
        if (rank == 1) {
            for (int i = 0; i < ROOM; i++) {
                out[i] = in[i];
            }
        }
        request ? MPI_Ibcast(out, 1, type, 1, w, request) : MPI_Bcast(out, 1, type, 1, w);
        break;
    case 1:
        request ? MPI_Ireduce(in, out, 1, type, sum, 2, w, request) : MPI_Reduce(in, out, 1, type, sum, 2, w);
        break;
    case 2:
        request ? MPI_Iallreduce(in, out, 1, type, sum, w, request) : MPI_Allreduce(in, out, 1, type, sum, w);
        break;
    case 3:
        request ? MPI_Igather(in, 2 * PAIRS, MPI_INT, out, 1, type, 3, w, request)
                : MPI_Gather(in, 2 * PAIRS, MPI_INT, out, 1, type, 3, w);
        break;
    case 4:
        request ? MPI_Iscatter(in, 2 * PAIRS, MPI_INT, out, 1, type, 0, w, request)
                : MPI_Scatter(in, 2 * PAIRS, MPI_INT, out, 1, type, 0, w);
        break;
    case 5:
        request ? MPI_Iallgather(in, 2 * PAIRS, MPI_INT, out, 1, type, w, request)
                : MPI_Allgather(in, 2 * PAIRS, MPI_INT, out, 1, type, w);
        break;
    case 6:
        request ? MPI_Ialltoall(in, 2 * PAIRS, MPI_INT, out, 1, type, w, request)
                : MPI_Alltoall(in, 2 * PAIRS, MPI_INT, out, 1, type, w);
        break;
    case 7: /* displacements in elements: the receive type's extent apart */
        for (int r = 0; r < RANKS; r++) {
            sendcounts[r] = 2 * PAIRS;
            recvcounts[r] = 1;
            sdispls[r] = 2 * PAIRS * r;
            rdispls[r] = r;
        }
        request ? MPI_Ialltoallv(in, sendcounts, sdispls, MPI_INT, out, recvcounts, rdispls, type, w, request)
                : MPI_Alltoallv(in, sendcounts, sdispls, MPI_INT, out, recvcounts, rdispls, type, w);
        break;
    case 8: /* displacements in bytes */
        for (int r = 0; r < RANKS; r++) {
            sendcounts[r] = 2 * PAIRS;
            recvcounts[r] = 1;
            sdispls[r] = 2 * PAIRS * r * (int) sizeof(int);
            rdispls[r] = SPAN * r * (int) sizeof(int);
            sendtypes[r] = MPI_INT;
            recvtypes[r] = type;
        }
        request ? MPI_Ialltoallw(in, sendcounts, sdispls, sendtypes, out, recvcounts, rdispls, recvtypes, w, request)
                : MPI_Alltoallw(in, sendcounts, sdispls, sendtypes, out, recvcounts, rdispls, recvtypes, w);
        break;
    case 9:
        request ? MPI_Iscan(in, out, 1, type, sum, w, request) : MPI_Scan(in, out, 1, type, sum, w);
        break;
    case 10:
        request ? MPI_Iexscan(in, out, 1, type, sum, w, request) : MPI_Exscan(in, out, 1, type, sum, w);
        break;
    case 11:
        request ? MPI_Ireduce_scatter_block(in, out, 1, type, sum, w, request)
                : MPI_Reduce_scatter_block(in, out, 1, type, sum, w);
        break;
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static int in[ROOM], pending_out[CALLS][ROOM], twin_out[CALLS][ROOM];
    for (int i = 0; i < ROOM; i++) {
        in[i] = 1000 * rank + i;
        for (int c = 0; c < CALLS; c++) {
            pending_out[c][i] = twin_out[c][i] = HOLE;
        }
    }
    MPI_Op_create(add, 1, &sum);
    MPI_Datatype pairs = pairs_type();
    MPI_Request requests[CALLS];
    for (int c = 0; c < CALLS; c++) {
        collective(c, in, pending_out[c], pairs, &requests[c]);
    }
    MPI_Type_free(&pairs);
    CHECK(pairs == MPI_DATATYPE_NULL, "MPI_Type_free left the handle");
    /* Other types, other layouts, made while the collectives are pending. */
    MPI_Datatype every_third, run;
    MPI_Type_vector(2 * PAIRS, 1, 3, MPI_INT, &every_third);
    MPI_Type_commit(&every_third);
    MPI_Type_contiguous(2 * PAIRS, MPI_INT, &run);
    MPI_Type_commit(&run);
    for (int c = CALLS - 1; c >= 0; c--) { /* completed in the other order than started */
        MPI_Wait(&requests[c], MPI_STATUS_IGNORE);
    }
    MPI_Datatype live = pairs_type();
    for (int c = 0; c < CALLS; c++) {
        collective(c, in, twin_out[c], live, NULL);
        int differ = 0, first = -1;
        for (int i = 0; i < ROOM; i++) {
            if (pending_out[c][i] != twin_out[c][i]) {
                differ++;
                first = first < 0 ? i : first;
            }
        }
        CHECK(differ == 0, "%s through a freed type: %d ints differ from its blocking twin's, the first at %d", names[c],
              differ, first);
    }
    if (rank == 0) {
        printf("bcast %d %d %d %d, allgather %d %d %d\n", pending_out[0][0], pending_out[0][1], pending_out[0][2],
               pending_out[0][4], pending_out[5][SPAN], pending_out[5][SPAN + 4], pending_out[5][SPAN + 2]);
    }
    MPI_Type_free(&live);
    MPI_Type_free(&every_third);
    MPI_Type_free(&run);
    MPI_Op_free(&sum);
    conformance_verdict("nbc-type-freed");
    MPI_Finalize();
    return 0;
}
