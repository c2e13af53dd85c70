/* np: 3. MPI_Finalize with a send still in flight (MPI 3.1 §8.7: a send the sender finalized after must still reach
 * its matching receive; §3.5: messages from one sender with the same tag arrive in order). The sender, rank 2, sends
 * 16 KiB (above any eager limit, so it completes only once the receiver takes it) and calls MPI_Finalize at once;
 * rank 1 computes about 0.2 s of CPU and then sends a small message; rank 0 takes the small one first with
 * MPI_ANY_SOURCE, then rank 2's. (The program with ranks 0 and 2 swapped: rank 0 prints the verdict, so the
 * finalizing sender is rank 2.) Emulated, rank 0's wildcard receive waits until no rank can still send it an earlier
 * message, so the finalizing rank must have said that it is done while its send is still in flight. */
#include <time.h>

#include "conformance.h"

#define BIG (16 * 1024)

/* About `seconds` of this thread's CPU, by arithmetic the compiler cannot drop. */
static double compute(double seconds) {
    struct timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    double x = 1.0;
    do {
        for (int i = 0; i < 100000; i++) {
            x = x * 0.999999 + 1e-6; /* tends to 1 */
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    } while ((double) (now.tv_sec - start.tv_sec) + 1e-9 * (double) (now.tv_nsec - start.tv_nsec) < seconds);
    return x;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    static char big[BIG];
    if (rank == 2) {
        for (int i = 0; i < BIG; i++) {
            big[i] = (char) (i % 251);
        }
        MPI_Send(big, BIG, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int small = (int) compute(0.2) > 0 ? 42 : 43;
        MPI_Send(&small, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    } else {
        int small = 0;
        MPI_Status status;
        MPI_Recv(&small, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &status);
        CHECK(status.MPI_SOURCE == 1 && small == 42, "tag 2 from %d: %d", status.MPI_SOURCE, small);
        MPI_Recv(big, BIG, MPI_CHAR, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &status);
        int count, wrong = 0;
        MPI_Get_count(&status, MPI_CHAR, &count);
        for (int i = 0; i < BIG; i++) {
            wrong += big[i] != (char) (i % 251);
        }
        CHECK(status.MPI_SOURCE == 2 && status.MPI_TAG == 1 && count == BIG && wrong == 0,
              "from %d tag %d: %d bytes, %d wrong", status.MPI_SOURCE, status.MPI_TAG, count, wrong);
        printf("received %d bytes from %d after finalize\n", count, status.MPI_SOURCE);
    }
    conformance_verdict("lifecycle-finalize-sends-in-flight");
    MPI_Finalize();
    return 0;
}
