/* np: 2. 100,000 receives pending at once (MPI 3.1 §3.7.3: MPI puts no limit on pending requests), tested and waited
 * for over the whole array with MPI_Waitany, MPI_Testany and MPI_Testsome, the rest with MPI_Waitall: receive i gets
 * message i, since messages of one tag match the receives of that tag in posting order (§3.5, non-overtaking), and
 * each request completes once. Under MSE a wait or test over the set asks the emulator for its 8 distinct patterns,
 * not 100,000. */
#include <stdlib.h>

#include "conformance.h"

#define PENDING 100000
#define TAGS 8
#define FIRST 16     /* messages rank 1 sends before rank 0 says MORE */
#define MORE 30000

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        /* The first few, then the rest once rank 0 has waited and tested over them all (none of its calls before
         * MORE waits for more than one of the first): a test finds a few messages, not thousands. */
        for (int i = 0; i < PENDING; i++) {
            if (i == FIRST) {
                int more;
                MPI_Recv(&more, 1, MPI_INT, 0, MORE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            }
            MPI_Send(&i, 1, MPI_INT, 0, i % TAGS, MPI_COMM_WORLD);
        }
    } else {
        int *got = malloc(PENDING * sizeof *got), *indices = malloc(PENDING * sizeof *indices);
        int *completions = calloc(PENDING, sizeof *completions);
        MPI_Request *r = malloc(PENDING * sizeof *r);
        MPI_Status *s = malloc(PENDING * sizeof *s);
        for (int i = 0; i < PENDING; i++) {
            got[i] = -1;
            MPI_Irecv(&got[i], 1, MPI_INT, 1, i % TAGS, MPI_COMM_WORLD, &r[i]);
        }
        int index, flag, outcount;
        MPI_Status one;
        MPI_Waitany(PENDING, r, &index, &one);
        CHECK(index >= 0 && index < FIRST && one.MPI_TAG == index % TAGS, "Waitany: index %d tag %d", index,
              one.MPI_TAG);
        completions[index] += index >= 0 && index < PENDING;
        MPI_Testany(PENDING, r, &index, &flag, &one);
        if (flag) {
            CHECK(index >= 0 && index < FIRST && one.MPI_TAG == index % TAGS, "Testany: index %d", index);
            completions[index] += index >= 0 && index < PENDING;
        }
        MPI_Testsome(PENDING, r, &outcount, indices, s);
        CHECK(outcount >= 0 && outcount <= FIRST, "Testsome: outcount %d", outcount);
        for (int k = 0; k < outcount; k++) {
            CHECK(s[k].MPI_TAG == indices[k] % TAGS, "Testsome: index %d tag %d", indices[k], s[k].MPI_TAG);
            completions[indices[k]]++;
        }
        int more = 1;
        MPI_Send(&more, 1, MPI_INT, 1, MORE, MPI_COMM_WORLD);
        MPI_Waitall(PENDING, r, s);
        int right = 0, once = 0, statuses = 0;
        for (int i = 0; i < PENDING; i++) {
            right += got[i] == i;
            once += completions[i] <= 1 && r[i] == MPI_REQUEST_NULL;
            statuses += completions[i] == 1 ? s[i].MPI_TAG == MPI_ANY_TAG
                                            : s[i].MPI_TAG == i % TAGS && s[i].MPI_SOURCE == 1;
        }
        CHECK(right == PENDING && once == PENDING && statuses == PENDING, "%d right, %d once, %d statuses", right, once,
              statuses);
        printf("%d receives pending at once, receive i got message i\n", right);
        free(got);
        free(indices);
        free(completions);
        free(r);
        free(s);
    }
    conformance_verdict("request-pending-100000");
    MPI_Finalize();
    return 0;
}
