/* np: 2. More error codes with MPI_ERRORS_RETURN (MPI 3.1 §8.3): a derived datatype that was never committed is
 * MPI_ERR_TYPE in any communication call (§4.1.9: a type must be committed before it is used in communication); the
 * persistent inits (§3.9) and the matched probes and receives (§3.8.2, §3.8.3) return the classes of their erroneous
 * arguments as the other calls do, make nothing and move nothing, and the program goes on. Rank 0 prints what it saw. */
#include "conformance.h"

static int class_of(int code) {
    int c;
    MPI_Error_class(code, &c);
    return c;
}

/* Erroneous calls of rank 0 alone: none moves anything, so rank 1 sees only the messages that follow. */
static void arguments(MPI_Datatype uncommitted) {
    int x[8] = {0}, flag = 0;
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Status s;
    MPI_Message m = MPI_MESSAGE_NULL;
    printf("send uncommitted: %d\n", class_of(MPI_Send(x, 1, uncommitted, 1, 0, MPI_COMM_WORLD)));
    printf("send 0 of uncommitted: %d\n", class_of(MPI_Send(x, 0, uncommitted, 1, 0, MPI_COMM_WORLD)));
    printf("isend uncommitted: %d\n", class_of(MPI_Isend(x, 1, uncommitted, 1, 0, MPI_COMM_WORLD, &r)));
    printf("recv uncommitted: %d\n", class_of(MPI_Recv(x, 1, uncommitted, 1, 0, MPI_COMM_WORLD, &s)));
    printf("send_init to rank 7: %d\n", class_of(MPI_Send_init(x, 1, MPI_INT, 7, 0, MPI_COMM_WORLD, &r)));
    printf("send_init tag -1: %d\n", class_of(MPI_Send_init(x, 1, MPI_INT, 1, -1, MPI_COMM_WORLD, &r)));
    printf("send_init count -1: %d\n", class_of(MPI_Send_init(x, -1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r)));
    printf("send_init MPI_DATATYPE_NULL: %d\n",
           class_of(MPI_Send_init(x, 1, MPI_DATATYPE_NULL, 1, 0, MPI_COMM_WORLD, &r)));
    printf("send_init uncommitted: %d\n", class_of(MPI_Send_init(x, 1, uncommitted, 1, 0, MPI_COMM_WORLD, &r)));
    printf("send_init on MPI_COMM_NULL: %d\n", class_of(MPI_Send_init(x, 1, MPI_INT, 1, 0, MPI_COMM_NULL, &r)));
    printf("ssend_init to rank -3: %d\n", class_of(MPI_Ssend_init(x, 1, MPI_INT, -3, 0, MPI_COMM_WORLD, &r)));
    printf("bsend_init tag -2: %d\n", class_of(MPI_Bsend_init(x, 1, MPI_INT, 1, -2, MPI_COMM_WORLD, &r)));
    printf("rsend_init count -5: %d\n", class_of(MPI_Rsend_init(x, -5, MPI_INT, 1, 0, MPI_COMM_WORLD, &r)));
    printf("recv_init from rank 9: %d\n", class_of(MPI_Recv_init(x, 1, MPI_INT, 9, 0, MPI_COMM_WORLD, &r)));
    printf("recv_init tag -5: %d\n", class_of(MPI_Recv_init(x, 1, MPI_INT, 1, -5, MPI_COMM_WORLD, &r)));
    printf("recv_init count -2: %d\n", class_of(MPI_Recv_init(x, -2, MPI_INT, 1, 0, MPI_COMM_WORLD, &r)));
    printf("recv_init uncommitted: %d\n", class_of(MPI_Recv_init(x, 1, uncommitted, 1, 0, MPI_COMM_WORLD, &r)));
    CHECK(r == MPI_REQUEST_NULL, "an erroneous init made a request");
    printf("mprobe from rank 5: %d\n", class_of(MPI_Mprobe(5, 0, MPI_COMM_WORLD, &m, &s)));
    printf("mprobe tag -4: %d\n", class_of(MPI_Mprobe(1, -4, MPI_COMM_WORLD, &m, &s)));
    printf("improbe from rank 6: %d\n", class_of(MPI_Improbe(6, 0, MPI_COMM_WORLD, &flag, &m, &s)));
    printf("improbe tag -8: %d\n", class_of(MPI_Improbe(1, -8, MPI_COMM_WORLD, &flag, &m, &s)));
    CHECK(m == MPI_MESSAGE_NULL, "an erroneous probe matched a message");
}

/* Rank 1's eight ints, matched by rank 0 and received after erroneous attempts that leave the message matched. */
static void matched(MPI_Datatype uncommitted) {
    int room[8] = {0}, count = -1;
    MPI_Message m;
    MPI_Status s;
    MPI_Mprobe(1, 1, MPI_COMM_WORLD, &m, &s);
    printf("mrecv uncommitted: %d\n", class_of(MPI_Mrecv(room, 1, uncommitted, &m, &s)));
    printf("mrecv count -1: %d\n", class_of(MPI_Mrecv(room, -1, MPI_INT, &m, &s)));
    printf("message still matched: %d\n", m != MPI_MESSAGE_NULL);
    int code = MPI_Mrecv(room, 4, MPI_INT, &m, &s);
    MPI_Get_count(&s, MPI_INT, &count);
    printf("mrecv of 8 ints into 4: %d, count %d, room %d %d %d %d, message received: %d\n", class_of(code), count,
           room[0], room[1], room[2], room[3], m == MPI_MESSAGE_NULL);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Datatype uncommitted;
    MPI_Type_vector(2, 1, 2, MPI_INT, &uncommitted);
    int eight[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    if (rank == 0) {
        arguments(uncommitted);
        matched(uncommitted);
    } else {
        MPI_Send(eight, 8, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    /* Every rank passes the uncommitted type to a collective: each returns before anything moves. */
    int bcast = MPI_Bcast(eight, 1, uncommitted, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("bcast uncommitted: %d\n", class_of(bcast));
    }
    CHECK(class_of(bcast) == MPI_ERR_TYPE, "bcast of an uncommitted type gave class %d", class_of(bcast));
    /* Committed, the same type works, in a persistent send as in anything else. */
    MPI_Type_commit(&uncommitted);
    int got[8] = {0};
    MPI_Request r;
    if (rank == 0) {
        MPI_Send_init(eight, 2, uncommitted, 1, 2, MPI_COMM_WORLD, &r);
    } else {
        MPI_Recv_init(got, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, &r);
    }
    MPI_Start(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_free(&r);
    CHECK(rank == 0 || (got[0] == 1 && got[1] == 3 && got[2] == 4 && got[3] == 6), "committed send gave %d %d %d %d",
          got[0], got[1], got[2], got[3]);
    MPI_Type_free(&uncommitted);
    conformance_verdict("error-return-more");
    MPI_Finalize();
    return 0;
}
