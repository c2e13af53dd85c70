/* np: 2. A handler the program sets with MPI_Comm_set_errhandler (MPI 3.1 §8.3.1) is called with the communicator and
 * the error code of each failing call, which then returns that code; a call over several requests hands the handler
 * the failed request's code and returns MPI_ERR_IN_STATUS (§3.7.5). Rank 0 prints what its handler saw. */
#include "conformance.h"

static int calls, last_class, my_rank;

static void handler(MPI_Comm *comm, int *code, ...) {
    int c, length;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Error_class(*code, &c);
    MPI_Error_string(c, text, &length);
    calls++;
    last_class = c;
    if (my_rank != 0) {
        return; /* rank 0 prints, so that the output has one order */
    }
    printf("handler %d: %s on %s\n", calls, text, *comm == MPI_COMM_WORLD ? "MPI_COMM_WORLD" : "another communicator");
}

static int class_of(int code) {
    int c;
    MPI_Error_class(code, &c);
    return c;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, out[8] = {1, 2, 3, 4, 5, 6, 7, 8}, room[4] = {0};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    my_rank = rank;
    MPI_Errhandler mine;
    MPI_Comm_create_errhandler(handler, &mine);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, mine);
    MPI_Errhandler_free(&mine); /* the communicator keeps its own reference */
    if (rank == 1) {
        MPI_Send(out, 8, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(out, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Send(out, 8, MPI_INT, 0, 3, MPI_COMM_WORLD);
    } else {
        printf("send to rank 2 returned %d\n", class_of(MPI_Send(out, 1, MPI_INT, 2, 0, MPI_COMM_WORLD)));
        printf("recv tag -5 returned %d\n", class_of(MPI_Recv(room, 1, MPI_INT, 1, -5, MPI_COMM_WORLD,
                                                              MPI_STATUS_IGNORE)));
        printf("recv of 8 into 4 returned %d\n", class_of(MPI_Recv(room, 4, MPI_INT, 1, 1, MPI_COMM_WORLD,
                                                                   MPI_STATUS_IGNORE)));
        MPI_Request r[2];
        MPI_Status s[2];
        MPI_Irecv(room, 4, MPI_INT, 1, 2, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(room, 4, MPI_INT, 1, 3, MPI_COMM_WORLD, &r[1]);
        int code = MPI_Waitall(2, r, s);
        printf("waitall returned %d, statuses %d %d\n", class_of(code), class_of(s[0].MPI_ERROR),
               class_of(s[1].MPI_ERROR));
        CHECK(calls == 4 && last_class == MPI_ERR_TRUNCATE, "handler called %d times, last with class %d", calls,
              last_class);
    }
    int value = 1, sum = 0;
    int bad = MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, -2, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("reduce root -2 returned %d\n", class_of(bad));
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == 2, "allreduce gave %d", sum);
    conformance_verdict("error-handler");
    MPI_Finalize();
    return 0;
}
