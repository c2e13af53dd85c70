/* np: 3. MPI_Finalize with several large sends still in flight, to two receivers, one of them into a strided type
 * (MPI 3.1 §8.7, §3.5 non-overtaking, §4.1.2 vector). Rank 2 sends rank 0 64 KiB and 1 MiB (tags 1 and 3) and rank 1
 * 1 MiB of ints that rank 1 receives into every other int of its buffer, then finalizes at once. Rank 1 computes
 * about 0.5 s of CPU (longer than rank 2's sends take on a slow target network, so that emulated, rank 0's wildcard
 * receive below must know that rank 2 has finished), sends rank 0 a small message and only then receives; rank 0
 * takes the small one first with MPI_ANY_SOURCE, then rank 2's in the order they were sent. */
#include <stdlib.h>
#include <time.h>

#include "conformance.h"

#define KIB 1024
#define MIB (1024 * KIB)

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

static void fill(char *buf, int n, int seed) {
    for (int i = 0; i < n; i++) {
        buf[i] = (char) ((i + seed) % 251);
    }
}

static int wrong(const char *buf, int n, int seed) {
    int bad = 0;
    for (int i = 0; i < n; i++) {
        bad += buf[i] != (char) ((i + seed) % 251);
    }
    return bad;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int sizes[2] = {64 * KIB, MIB}, tags[2] = {1, 3};
    const int ints = MIB / (int) sizeof(int);
    if (rank == 2) {
        char *out[2];
        for (int m = 0; m < 2; m++) {
            out[m] = malloc((size_t) sizes[m]);
            fill(out[m], sizes[m], m);
            MPI_Send(out[m], sizes[m], MPI_CHAR, 0, tags[m], MPI_COMM_WORLD);
        }
        int *values = malloc(sizeof(int) * (size_t) ints);
        for (int i = 0; i < ints; i++) {
            values[i] = i;
        }
        MPI_Send(values, ints, MPI_INT, 1, 1, MPI_COMM_WORLD);
        conformance_verdict("lifecycle-finalize-large-sends");
        MPI_Finalize(); /* the buffers stay until MPI is done with them */
        return 0;
    }
    if (rank == 1) {
        int small = (int) compute(0.5) > 0 ? 42 : 43;
        MPI_Send(&small, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Datatype every_other;
        MPI_Type_vector(ints, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        int *room = malloc(sizeof(int) * 2 * (size_t) ints);
        for (int i = 0; i < 2 * ints; i++) {
            room[i] = -1;
        }
        MPI_Status status;
        MPI_Recv(room, 1, every_other, 2, 1, MPI_COMM_WORLD, &status);
        int bad = 0;
        for (int i = 0; i < ints; i++) {
            bad += room[2 * i] != i || room[2 * i + 1] != -1;
        }
        int count;
        MPI_Get_count(&status, every_other, &count);
        CHECK(count == 1 && bad == 0, "strided 1 MiB: count %d, %d ints wrong", count, bad);
        MPI_Type_free(&every_other);
        free(room);
    } else {
        int small = 0;
        MPI_Status status;
        MPI_Recv(&small, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &status);
        CHECK(status.MPI_SOURCE == 1 && small == 42, "tag 2 from %d: %d", status.MPI_SOURCE, small);
        char *in = malloc((size_t) MIB);
        for (int m = 0; m < 2; m++) {
            MPI_Recv(in, MIB, MPI_CHAR, MPI_ANY_SOURCE, m == 0 ? 1 : 3, MPI_COMM_WORLD, &status);
            int count;
            MPI_Get_count(&status, MPI_CHAR, &count);
            CHECK(status.MPI_SOURCE == 2 && status.MPI_TAG == tags[m] && count == sizes[m]
                  && wrong(in, count, m) == 0, "message %d: from %d tag %d, %d bytes", m, status.MPI_SOURCE,
                  status.MPI_TAG, count);
            printf("message %d: %d bytes with tag %d\n", m, count, status.MPI_TAG);
        }
        free(in);
    }
    conformance_verdict("lifecycle-finalize-large-sends");
    MPI_Finalize();
    return 0;
}
