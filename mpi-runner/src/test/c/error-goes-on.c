/* Errors a program goes on after (MPI 3.1 §8.3): under MPI_ERRORS_RETURN rank 0 receives rank 1's eight ints twice
 * into room for four (MPI_ERR_TRUNCATE) and sends to a rank that does not exist (MPI_ERR_RANK), then, under a handler
 * of its own that returns, sends with tag -1 (MPI_ERR_TAG). Plainly and emulated it prints the same classes and ends
 * with exit 0; emulated, the emulator records each error (summary.json ranks[].mpiErrors). */
#include <mpi.h>
#include <stdio.h>

static int handled;

static void count_it(MPI_Comm *comm, int *code, ...) {
    (void) comm;
    (void) code;
    handled++;
}

static int class_of(int code) {
    int c;
    MPI_Error_class(code, &c);
    return c;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, room[4], eight[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 1) {
        MPI_Send(eight, 8, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(eight, 8, MPI_INT, 0, 1, MPI_COMM_WORLD);
    } else if (rank == 0) {
        int first = MPI_Recv(room, 4, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int second = MPI_Recv(room, 4, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int nobody = MPI_Send(room, 1, MPI_INT, 7, 0, MPI_COMM_WORLD);
        MPI_Errhandler mine;
        MPI_Comm_create_errhandler(count_it, &mine);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, mine);
        int tag = MPI_Send(room, 1, MPI_INT, 1, -1, MPI_COMM_WORLD);
        MPI_Errhandler_free(&mine);
        printf("classes %d %d %d %d, handler called %d\n", class_of(first), class_of(second), class_of(nobody),
               class_of(tag), handled);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
