/* np: 2. Request arrays with MPI_REQUEST_NULL entries (MPI 3.1 §3.7.3, §3.7.5): a null entry is never completed,
 * never named by an index, and gets an empty status (source MPI_ANY_SOURCE, tag MPI_ANY_TAG, count 0, not cancelled)
 * wherever a status is returned for it; with no active entry at all, MPI_Waitany and MPI_Testany give index
 * MPI_UNDEFINED (Testany with flag true) and an empty status, MPI_Waitsome and MPI_Testsome give outcount
 * MPI_UNDEFINED, MPI_Testall gives flag true, and a zero-length array is the same as an all-null one. */
#include <stdlib.h>

#include "conformance.h"

#define N 6

/* A status the call must overwrite. */
static void scribble(MPI_Status *s, int n) {
    for (int i = 0; i < n; i++) {
        s[i].MPI_SOURCE = 77;
        s[i].MPI_TAG = 77;
    }
}

static int empty(const MPI_Status *s) {
    int count = -1, cancelled = -1;
    MPI_Get_count(s, MPI_INT, &count);
    MPI_Test_cancelled(s, &cancelled);
    return s->MPI_SOURCE == MPI_ANY_SOURCE && s->MPI_TAG == MPI_ANY_TAG && count == 0 && !cancelled;
}

static int from(const MPI_Status *s, int source, int tag) {
    int count = -1;
    MPI_Get_count(s, MPI_INT, &count);
    return s->MPI_SOURCE == source && s->MPI_TAG == tag && count == 1;
}

static int all_null(const MPI_Request *r, int n) {
    for (int i = 0; i < n; i++) {
        if (r[i] != MPI_REQUEST_NULL) {
            return 0;
        }
    }
    return 1;
}

/* Every call over arrays with no active entry: n null entries, or none at all. */
static void no_active_entry(int n) {
    MPI_Request r[N];
    MPI_Status s[N], one;
    int index, flag, outcount, indices[N];
    for (int i = 0; i < N; i++) {
        r[i] = MPI_REQUEST_NULL;
    }
    scribble(&one, 1);
    index = 5;
    MPI_Waitany(n, r, &index, &one);
    CHECK(index == MPI_UNDEFINED && empty(&one), "n %d: Waitany index %d, status %d/%d", n, index, one.MPI_SOURCE,
          one.MPI_TAG);
    scribble(&one, 1);
    index = 5;
    flag = 0;
    MPI_Testany(n, r, &index, &flag, &one);
    CHECK(flag && index == MPI_UNDEFINED && empty(&one), "n %d: Testany flag %d index %d", n, flag, index);
    outcount = 5;
    MPI_Waitsome(n, r, &outcount, indices, s);
    CHECK(outcount == MPI_UNDEFINED, "n %d: Waitsome outcount %d", n, outcount);
    outcount = 5;
    MPI_Testsome(n, r, &outcount, indices, s);
    CHECK(outcount == MPI_UNDEFINED, "n %d: Testsome outcount %d", n, outcount);
    scribble(s, N);
    flag = 0;
    MPI_Testall(n, r, &flag, s);
    CHECK(flag, "n %d: Testall flag %d", n, flag);
    for (int i = 0; i < n; i++) {
        CHECK(empty(&s[i]), "n %d: Testall status %d not empty", n, i);
    }
    scribble(s, N);
    MPI_Waitall(n, r, s);
    for (int i = 0; i < n; i++) {
        CHECK(empty(&s[i]), "n %d: Waitall status %d not empty", n, i);
    }
    CHECK(all_null(r, N), "n %d: the entries stay null", n);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    no_active_entry(N);
    no_active_entry(0);
    if (rank == 1) {
        /* One int on each of tags 1..9, in order; then one back to rank 0's send. */
        for (int tag = 1; tag <= 9; tag++) {
            MPI_Send(&tag, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
        }
        int got = 0;
        MPI_Recv(&got, 1, MPI_INT, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        CHECK(got == 20, "rank 1 got %d", got);
    } else {
        int v[10] = {0};
        MPI_Request r[N];
        MPI_Status s[N], one;
        int index, flag, outcount, indices[N];

        /* Wait and Test of a null request: at once, empty. */
        MPI_Request none = MPI_REQUEST_NULL;
        scribble(&one, 1);
        MPI_Wait(&none, &one);
        CHECK(empty(&one), "Wait(NULL): status %d/%d", one.MPI_SOURCE, one.MPI_TAG);
        scribble(&one, 1);
        flag = 0;
        MPI_Test(&none, &flag, &one);
        CHECK(flag && empty(&one), "Test(NULL): flag %d", flag);

        /* Waitany: the one active entry among nulls, then nothing active. */
        for (int i = 0; i < N; i++) {
            r[i] = MPI_REQUEST_NULL;
        }
        MPI_Irecv(&v[1], 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &r[3]);
        MPI_Waitany(N, r, &index, &one);
        CHECK(index == 3 && from(&one, 1, 1) && v[1] == 1 && r[3] == MPI_REQUEST_NULL, "Waitany: index %d", index);
        scribble(&one, 1);
        MPI_Waitany(N, r, &index, &one);
        CHECK(index == MPI_UNDEFINED && empty(&one), "Waitany again: index %d", index);

        /* Testany: false while the active entry's message has not come, never naming a null entry. */
        MPI_Irecv(&v[2], 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&v[3], 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &r[5]);
        int done = 0;
        while (done < 2) {
            MPI_Testany(N, r, &index, &flag, &one);
            if (flag) {
                CHECK(index == 0 || index == 5, "Testany named entry %d", index);
                CHECK(index != 0 || from(&one, 1, 2), "Testany entry 0: tag %d", one.MPI_TAG);
                CHECK(index != 5 || from(&one, 1, 3), "Testany entry 5: tag %d", one.MPI_TAG);
                done++;
            } else {
                CHECK(index == MPI_UNDEFINED, "Testany with nothing complete: index %d", index);
            }
        }
        MPI_Testany(N, r, &index, &flag, &one);
        CHECK(flag && index == MPI_UNDEFINED && empty(&one) && v[2] == 2 && v[3] == 3, "Testany at the end: %d %d",
              flag, index);

        /* Testsome and Waitsome: only active entries are listed, each once; a send request among them too. */
        int back = 20;
        MPI_Isend(&back, 1, MPI_INT, 1, 20, MPI_COMM_WORLD, &r[1]);
        MPI_Irecv(&v[4], 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &r[2]);
        MPI_Irecv(&v[5], 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &r[4]);
        int seen[N] = {0};
        done = 0;
        while (done < 3) {
            MPI_Testsome(N, r, &outcount, indices, s);
            CHECK(outcount != MPI_UNDEFINED && outcount >= 0 && outcount <= 3, "Testsome outcount %d", outcount);
            for (int k = 0; k < outcount && outcount != MPI_UNDEFINED; k++) {
                int i = indices[k];
                CHECK(i == 1 || i == 2 || i == 4, "Testsome listed entry %d", i);
                CHECK(i != 2 || from(&s[k], 1, 4), "Testsome entry 2: tag %d", s[k].MPI_TAG);
                CHECK(i != 4 || from(&s[k], 1, 5), "Testsome entry 4: tag %d", s[k].MPI_TAG);
                seen[i]++;
                done++;
            }
        }
        CHECK(seen[1] == 1 && seen[2] == 1 && seen[4] == 1 && all_null(r, N), "Testsome: each once");
        MPI_Testsome(N, r, &outcount, indices, s);
        CHECK(outcount == MPI_UNDEFINED, "Testsome at the end: %d", outcount);
        MPI_Irecv(&v[6], 1, MPI_INT, 1, 6, MPI_COMM_WORLD, &r[5]);
        MPI_Waitsome(N, r, &outcount, indices, s);
        CHECK(outcount == 1 && indices[0] == 5 && from(&s[0], 1, 6) && v[6] == 6, "Waitsome: %d, entry %d", outcount,
              indices[0]);
        MPI_Waitsome(N, r, &outcount, indices, s);
        CHECK(outcount == MPI_UNDEFINED, "Waitsome at the end: %d", outcount);

        /* Testall and Waitall: the null entries' statuses are empty, the others the messages'. */
        MPI_Irecv(&v[7], 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r[1]);
        MPI_Irecv(&v[8], 1, MPI_INT, 1, 8, MPI_COMM_WORLD, &r[4]);
        flag = 0;
        while (!flag) {
            scribble(s, N);
            MPI_Testall(N, r, &flag, s);
        }
        for (int i = 0; i < N; i++) {
            CHECK(i == 1 ? from(&s[i], 1, 7) : i == 4 ? from(&s[i], 1, 8) : empty(&s[i]), "Testall status %d: %d/%d",
                  i, s[i].MPI_SOURCE, s[i].MPI_TAG);
        }
        CHECK(all_null(r, N) && v[7] == 7 && v[8] == 8, "Testall: all done");
        MPI_Irecv(&v[9], 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &r[2]);
        scribble(s, N);
        MPI_Waitall(N, r, s);
        for (int i = 0; i < N; i++) {
            CHECK(i == 2 ? from(&s[i], 1, 9) : empty(&s[i]), "Waitall status %d: %d/%d", i, s[i].MPI_SOURCE,
                  s[i].MPI_TAG);
        }
        CHECK(all_null(r, N) && v[9] == 9, "Waitall: all done");
        printf("nine messages through arrays with null entries\n");
    }
    conformance_verdict("request-null-entries");
    MPI_Finalize();
    return 0;
}
