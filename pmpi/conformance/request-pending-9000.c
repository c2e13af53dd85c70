/* np: 2. 9,000 receives pending at once, each of its own tag (MPI 3.1 §3.7.3, §3.7.5: MPI puts no limit on pending
 * requests), waited for and tested over the whole array with MPI_Waitany, MPI_Testany, MPI_Testsome and
 * MPI_Waitsome, the rest with MPI_Waitall: each receive gets the message of its tag, each request completes once.
 * Under MSE a wait or test over the set asks the emulator for 9,000 distinct patterns, more than one 64 KiB frame
 * holds (docs/wire-protocol.md, PATTERNS). */
#include <stdlib.h>

#include "conformance.h"

#define PENDING 9000
#define FIRST 16     /* messages rank 1 sends before rank 0 says MORE */
#define MORE 30000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        /* The first few, then the rest once rank 0 has waited and tested over them all: so a test finds a few
         * messages, not thousands, and the case stays quick. */
        for (int tag = 0; tag < PENDING; tag++) {
            if (tag == FIRST) {
                int more;
                MPI_Recv(&more, 1, MPI_INT, 0, MORE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            int value = 1000000 + tag;
            MPI_Send(&value, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
        }
    } else {
        int *got = calloc(PENDING, sizeof *got), *indices = malloc(PENDING * sizeof *indices);
        int *completions = calloc(PENDING, sizeof *completions);
        MPI_Request *r = malloc(PENDING * sizeof *r);
        MPI_Status *s = malloc(PENDING * sizeof *s);
        for (int i = 0; i < PENDING; i++) {
            MPI_Irecv(&got[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &r[i]);
        }
        int index, flag, outcount;
        MPI_Status one;
        MPI_Waitany(PENDING, r, &index, &one);
        CHECK(index >= 0 && index < PENDING && one.MPI_TAG == index && got[index] == 1000000 + index,
              "Waitany: index %d tag %d", index, one.MPI_TAG);
        completions[index]++;
        MPI_Testany(PENDING, r, &index, &flag, &one);
        if (flag) {
            CHECK(index >= 0 && index < PENDING && one.MPI_TAG == index, "Testany: index %d tag %d", index, one.MPI_TAG);
            completions[index] += index >= 0 && index < PENDING;
        }
        MPI_Testsome(PENDING, r, &outcount, indices, s);
        for (int k = 0; k < outcount; k++) {
            CHECK(s[k].MPI_TAG == indices[k], "Testsome: index %d tag %d", indices[k], s[k].MPI_TAG);
            completions[indices[k]]++;
        }
        int more = 1; /* the rest may come: a Waitsome could wait forever for them otherwise */
        MPI_Send(&more, 1, MPI_INT, 1, MORE, MPI_COMM_WORLD);
        MPI_Waitsome(PENDING, r, &outcount, indices, s);
        CHECK(outcount >= 1, "Waitsome: outcount %d", outcount);
        for (int k = 0; k < outcount; k++) {
            CHECK(s[k].MPI_TAG == indices[k], "Waitsome: index %d tag %d", indices[k], s[k].MPI_TAG);
            completions[indices[k]]++;
        }
        int before_waitall = 0;
        for (int i = 0; i < PENDING; i++) {
            before_waitall += r[i] == MPI_REQUEST_NULL;
        }
        MPI_Waitall(PENDING, r, s);
        int right = 0, once = 0, statuses = 0;
        for (int i = 0; i < PENDING; i++) {
            right += got[i] == 1000000 + i;
            once += completions[i] <= 1 && r[i] == MPI_REQUEST_NULL;
            statuses += completions[i] == 1 ? s[i].MPI_TAG == MPI_ANY_TAG : s[i].MPI_TAG == i && s[i].MPI_SOURCE == 1;
        }
        CHECK(right == PENDING && once == PENDING && statuses == PENDING, "%d right, %d once, %d statuses", right, once,
              statuses);
        CHECK(before_waitall >= 2, "%d complete before Waitall", before_waitall);
        printf("%d receives pending at once, each got its own tag's message\n", right);
        free(got);
        free(indices);
        free(completions);
        free(r);
        free(s);
    }
    conformance_verdict("request-pending-9000");
    MPI_Finalize();
    return 0;
}
