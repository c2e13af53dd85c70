/* np: 2. Error codes with MPI_ERRORS_RETURN (MPI 3.1 §8.3, §8.4): an erroneous call returns an error of the right
 * class and moves nothing; a message larger than the receive's room is MPI_ERR_TRUNCATE (§3.2.4). And statuses'
 * MPI_ERROR (§3.2.5, §3.7.5): the calls that complete one request leave it as it was; the calls over several set it in
 * every status they return, and return MPI_ERR_IN_STATUS when one failed. Rank 0 prints what it saw. */
#include "conformance.h"

#define UNTOUCHED 12345

static int class_of(int code) {
    int c;
    MPI_Error_class(code, &c);
    return c;
}

static void reset(MPI_Status s[2]) {
    s[0].MPI_ERROR = s[1].MPI_ERROR = UNTOUCHED;
}

/* A status's MPI_ERROR as its class, -1 when the call left it untouched. */
static int error_of(const MPI_Status *s) {
    return s->MPI_ERROR == UNTOUCHED ? -1 : class_of(s->MPI_ERROR);
}

static void show(const char *what, int code, MPI_Status s[2]) {
    printf("%s: class %d, MPI_ERROR %d %d\n", what, class_of(code), error_of(&s[0]), error_of(&s[1]));
}

/* Erroneous arguments: every call returns its class and nothing moves (rank 1 sees only the messages that follow). */
static void arguments(void) {
    int x = 0, flag;
    MPI_Status s;
    MPI_Request r;
    printf("send to rank 7: %d\n", class_of(MPI_Send(&x, 1, MPI_INT, 7, 0, MPI_COMM_WORLD)));
    printf("send tag -3: %d\n", class_of(MPI_Send(&x, 1, MPI_INT, 1, -3, MPI_COMM_WORLD)));
    printf("send count -1: %d\n", class_of(MPI_Send(&x, -1, MPI_INT, 1, 0, MPI_COMM_WORLD)));
    printf("send MPI_DATATYPE_NULL: %d\n", class_of(MPI_Send(&x, 1, MPI_DATATYPE_NULL, 1, 0, MPI_COMM_WORLD)));
    printf("send on MPI_COMM_NULL: %d\n", class_of(MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_NULL)));
    printf("isend to rank -5: %d\n", class_of(MPI_Isend(&x, 1, MPI_INT, -5, 0, MPI_COMM_WORLD, &r)));
    printf("ssend tag -2: %d\n", class_of(MPI_Ssend(&x, 1, MPI_INT, 1, -2, MPI_COMM_WORLD)));
    printf("recv from rank 9: %d\n", class_of(MPI_Recv(&x, 1, MPI_INT, 9, 0, MPI_COMM_WORLD, &s)));
    printf("recv tag -7: %d\n", class_of(MPI_Recv(&x, 1, MPI_INT, 1, -7, MPI_COMM_WORLD, &s)));
    printf("irecv count -4: %d\n", class_of(MPI_Irecv(&x, -4, MPI_INT, 1, 0, MPI_COMM_WORLD, &r)));
    printf("probe from rank 3: %d\n", class_of(MPI_Probe(3, 0, MPI_COMM_WORLD, &s)));
    printf("iprobe tag -9: %d\n", class_of(MPI_Iprobe(1, -9, MPI_COMM_WORLD, &flag, &s)));
    printf("sendrecv to rank 4: %d\n", class_of(MPI_Sendrecv(&x, 1, MPI_INT, 4, 0, &x, 1, MPI_INT, 1, 0,
                                                            MPI_COMM_WORLD, &s)));
}

/* Rank 1 sends tag 1 (two ints, which fit) then tag 2: eight ints when `big`, which do not fit in four. */
static void pair(int big) {
    int out[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Send(out, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Send(out, big ? 8 : 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
}

enum { WAIT, WAITALL, WAITANY, WAITSOME, TEST, TESTALL, TESTANY, TESTSOME, ROUNDS };
static const char *names[] = {"wait", "waitall", "waitany", "waitsome", "test", "testall", "testany", "testsome"};

static void round_of(int call, int big) {
    int room[2][4] = {{0}}, code = MPI_SUCCESS, index, flag = 0, outcount = 0, indices[2];
    MPI_Request r[2];
    MPI_Status s[2];
    reset(s);
    MPI_Irecv(room[0], 4, MPI_INT, 1, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(room[1], 4, MPI_INT, 1, 2, MPI_COMM_WORLD, &r[1]);
    if (call != WAITALL && call != TESTALL) {
        MPI_Wait(&r[0], &s[0]); /* the one that fits first, so the next call completes only the second */
    }
    switch (call) {
    case WAIT: code = MPI_Wait(&r[1], &s[1]); break;
    case WAITALL: code = MPI_Waitall(2, r, s); break;
    case WAITANY: code = MPI_Waitany(2, r, &index, &s[1]); break;
    case WAITSOME: code = MPI_Waitsome(2, r, &outcount, indices, &s[1]); break;
    case TEST: while (!flag && code == MPI_SUCCESS) code = MPI_Test(&r[1], &flag, &s[1]); break;
    case TESTALL: while (!flag && code == MPI_SUCCESS) code = MPI_Testall(2, r, &flag, s); break;
    case TESTANY: while (!flag && code == MPI_SUCCESS) code = MPI_Testany(2, r, &index, &flag, &s[1]); break;
    case TESTSOME:
        while (outcount == 0 && code == MPI_SUCCESS) code = MPI_Testsome(2, r, &outcount, indices, &s[1]);
        break;
    }
    char what[64];
    snprintf(what, sizeof what, "%s %s", names[call], big ? "truncated" : "fits");
    show(what, code, s);
    printf("  request freed: %d, room[1] %d %d %d %d\n", r[1] == MPI_REQUEST_NULL, room[1][0], room[1][1], room[1][2],
           room[1][3]);
    if (r[1] != MPI_REQUEST_NULL) {
        MPI_Request_free(&r[1]);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0) {
        arguments();
    }
    for (int call = WAIT; call < ROUNDS; call++) {
        for (int big = 0; big <= 1; big++) {
            if (rank == 1) {
                pair(big);
            } else {
                round_of(call, big);
            }
        }
    }
    int room[4] = {0}, out[8] = {0};
    MPI_Status s[2];
    if (rank == 1) {
        MPI_Send(out, 8, MPI_INT, 0, 3, MPI_COMM_WORLD);
        MPI_Recv(room, 4, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(out, 8, MPI_INT, 0, 5, MPI_COMM_WORLD);
    } else {
        reset(s);
        int count, code = MPI_Recv(room, 4, MPI_INT, 1, 3, MPI_COMM_WORLD, &s[0]);
        MPI_Get_count(&s[0], MPI_INT, &count);
        show("recv truncated", code, s);
        printf("  count %d, source %d, tag %d\n", count, s[0].MPI_SOURCE, s[0].MPI_TAG);
        reset(s);
        code = MPI_Sendrecv(out, 1, MPI_INT, 1, 4, room, 4, MPI_INT, 1, 5, MPI_COMM_WORLD, &s[0]);
        show("sendrecv truncated", code, s);
    }
    /* Collectives: every rank passes the same wrong argument, so every rank returns before anything moves. */
    int value = rank, sum = 0;
    int bcast = MPI_Bcast(&value, 1, MPI_INT, 5, MPI_COMM_WORLD);
    int reduce = MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_OP_NULL, 0, MPI_COMM_WORLD);
    int gather = MPI_Gather(&value, -1, MPI_INT, out, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int allreduce = MPI_Allreduce(&value, &sum, 1, MPI_DATATYPE_NULL, MPI_SUM, MPI_COMM_WORLD);
    int barrier = MPI_Barrier(MPI_COMM_NULL);
    if (rank == 0) {
        printf("bcast root 5: %d, reduce MPI_OP_NULL: %d, gather count -1: %d, allreduce MPI_DATATYPE_NULL: %d, "
               "barrier MPI_COMM_NULL: %d\n", class_of(bcast), class_of(reduce), class_of(gather),
               class_of(allreduce), class_of(barrier));
    }
    CHECK(class_of(bcast) == MPI_ERR_ROOT, "bcast root 5 gave class %d", class_of(bcast));
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == 1, "allreduce after the errors gave %d", sum);
    conformance_verdict("error-return");
    MPI_Finalize();
    return 0;
}
