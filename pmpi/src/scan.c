/* MPI_Scan and MPI_Exscan and their nonblocking twins (MPI 3.1 §5.11), each a schedule (schedule.h) on tag
 * MSE_SCAN_TAG, run as the profile's kind of MPI runs them (docs/collectives.md):
 * - binomial (MPICH): recursive doubling, MPICH's MPIR_Scan_intra_recursive_doubling and
 *   MPIR_Exscan_intra_recursive_doubling. In round i each rank swaps its partial value (the combination of its block
 *   of 2^i ranks) with rank XOR 2^i, when that rank exists; a value from a lower rank combines on the left, one from a
 *   higher rank on the right, so a non-commutative operation still combines in rank order. ceil(log2 P) rounds.
 * - linear (Open MPI's base linear scan and exscan): a chain, rank r receives the combination of ranks 0 to r - 1
 *   from r - 1, combines its own value on the right and sends the result to r + 1. P - 1 messages one after the other.
 * Values combine for real with PMPI_Reduce_local in operands of the type's span (collectives.c), and the result goes
 * into recvbuf through the datatype. Exscan's rank 0 receives nothing and its recvbuf is left as it was, as Open MPI
 * and MPICH leave it (MPI leaves it undefined). */
#include <stdlib.h>

#include "schedule.h"

typedef struct {
    mse_schedule s;
    void *recvbuf;
    int count, exclusive, commutative;
    MPI_Datatype type;
    MPI_Op op;
    char *partial;  /* the combination this rank passes on */
    char *incoming; /* the value that arrived last */
    char *result;   /* what goes into recvbuf; NULL while it has no value yet (Exscan's rank 0, and until the first
                     * value from a lower rank) */
    char *spare;    /* Exscan's third operand until its first value from a lower rank becomes the result */
    int mask;       /* recursive doubling's round */
    void *blocks[3];
} scan;

static void swap(char **a, char **b) {
    char *t = *a;
    *a = *b;
    *b = t;
}

/* A value from a lower rank combines on the left of this rank's partial value and of its result. */
static void combine_lower(scan *c) {
    PMPI_Reduce_local(c->incoming, c->partial, c->count, c->type, c->op); /* partial = incoming op partial */
    if (c->result != NULL) {
        PMPI_Reduce_local(c->incoming, c->result, c->count, c->type, c->op);
    } else { /* Exscan's first value: it is the result so far, and the spare operand takes the next arrivals */
        c->result = c->incoming;
        c->incoming = c->spare;
        c->spare = NULL;
    }
}

/* The result into recvbuf, through the type (its gaps keep what they held). */
static void scan_done(scan *c) {
    if (c->result != NULL) {
        mse_copy_typed(c->s.call, c->result, c->recvbuf, c->count, c->type);
    }
}

static int doubling_resume(mse_schedule *s) {
    scan *c = (scan *) s;
    int rank = s->comm->rank;
    for (; c->mask < s->comm->size; c->mask <<= 1) {
        int partner = rank ^ c->mask;
        if (partner >= s->comm->size) {
            continue;
        }
        if (s->phase == 0) {
            mse_send(s->call, c->partial, c->count, c->type, s->route, partner, s->tags + MSE_SCAN_TAG);
            s->phase = 1;
            return mse_schedule_receive(s, partner, s->tags + MSE_SCAN_TAG, c->incoming, c->count, c->type, NULL,
                                        NULL);
        }
        s->phase = 0;
        if (partner < rank) {
            combine_lower(c);
        } else if (c->commutative) {
            PMPI_Reduce_local(c->incoming, c->partial, c->count, c->type, c->op);
        } else { /* a higher rank's value combines on the right: partial op incoming */
            PMPI_Reduce_local(c->partial, c->incoming, c->count, c->type, c->op);
            swap(&c->partial, &c->incoming);
        }
    }
    scan_done(c);
    return 0;
}

static int chain_resume(mse_schedule *s) {
    scan *c = (scan *) s;
    int rank = s->comm->rank;
    if (s->phase++ == 0 && rank > 0) {
        return mse_schedule_receive(s, rank - 1, s->tags + MSE_SCAN_TAG, c->incoming, c->count, c->type, NULL, NULL);
    }
    if (rank > 0) { /* partial = (ranks 0 to rank - 1) op own; Exscan's result is what arrived */
        if (c->exclusive) {
            c->result = c->incoming;
            if (rank + 1 < s->comm->size) {
                PMPI_Reduce_local(c->result, c->partial, c->count, c->type, c->op);
            }
        } else {
            PMPI_Reduce_local(c->incoming, c->partial, c->count, c->type, c->op);
        }
    }
    if (rank + 1 < s->comm->size) {
        mse_send(s->call, c->partial, c->count, c->type, s->route, rank + 1, s->tags + MSE_SCAN_TAG);
    }
    if (!c->exclusive) {
        c->result = c->partial;
    }
    scan_done(c);
    return 0;
}

static void scan_release(mse_schedule *s) {
    scan *c = (scan *) s;
    for (int i = 0; i < 3; i++) {
        free(c->blocks[i]);
    }
}

/* This rank's own value (in recvbuf when in place) is copied into its partial operand at the start. */
static mse_schedule *scan_of(const char *call, mse_collective tags, const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype type, MPI_Op op, int exclusive) {
    int linear = mse_self.settings.tree == MSE_TREE_LINEAR;
    scan *c = mse_schedule_new(sizeof *c, call, tags, MSE_TREE_NONE, linear ? chain_resume : doubling_resume,
                               scan_release);
    PMPI_Op_commutative(op, &c->commutative);
    c->recvbuf = recvbuf;
    c->count = count;
    c->type = mse_schedule_type(&c->s, type);
    c->op = op;
    c->exclusive = exclusive;
    c->mask = 1;
    c->partial = mse_reduce_operand(call, count, type, &c->blocks[0]);
    c->incoming = mse_reduce_operand(call, count, type, &c->blocks[1]);
    char *third = mse_reduce_operand(call, count, type, &c->blocks[2]);
    mse_copy_typed(call, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, c->partial, count, type);
    if (exclusive) { /* the third operand is the incoming one's once the first value has become the result */
        c->result = NULL;
        c->spare = third;
    } else {
        c->result = third;
        mse_copy_typed(call, c->partial, c->result, count, type);
    }
    return &c->s;
}

/* Runs (request NULL) or starts one of the four calls once its arguments are checked. */
static int scan_call(const char *call, const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm, MPI_Request *request, int exclusive) {
    int code = mse_collective_checked(call, comm, count, type, MSE_NO_ROOT, &op, 1);
    if (code != MPI_SUCCESS) {
        return code;
    }
    mse_collective tags = mse_collective_begin(call, comm, request != NULL);
    mse_schedule *s = scan_of(call, tags, sendbuf, recvbuf, count, type, op, exclusive);
    return request == NULL ? mse_collective_run(s) : mse_collective_start(s, request);
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    return scan_call("MPI_Scan", sendbuf, recvbuf, count, type, op, comm, NULL, 0);
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
              MPI_Request *request) {
    return scan_call("MPI_Iscan", sendbuf, recvbuf, count, type, op, comm, request, 0);
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
    return scan_call("MPI_Exscan", sendbuf, recvbuf, count, type, op, comm, NULL, 1);
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                MPI_Request *request) {
    return scan_call("MPI_Iexscan", sendbuf, recvbuf, count, type, op, comm, request, 1);
}
