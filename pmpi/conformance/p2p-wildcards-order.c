/* np: 3. Wildcards and non-overtaking (MPI 3.1 §3.5 "Order", §3.2.4, §3.8.1): ranks 1 and 2 each send rank 0 eight
 * messages, tags 5, 5, 6, 5, 5, 6, 5, 5, the last 64 KiB (above the eager limit) and the others 16 bytes. Rank 0
 * first posts nonblocking receives (1, ANY_TAG) twice, (ANY_SOURCE, 6) and (2, 5), then blocking ones: (2, ANY_TAG),
 * (2, 6), and wildcards, by MPI_Recv and by MPI_Probe then MPI_Recv of what it found. Two messages of one sender that
 * both match a receive arrive in the order sent, and two receives that both match a message take it in the order
 * posted, so the first three receives' messages are decided, the (2, ANY_TAG) one too; the others must each take the
 * earliest message of its sender that no earlier receive took, and every message is received once. */
#include <stdlib.h>

#include "conformance.h"

#define PER_SENDER 8
#define BIG_INTS (16 * 1024)
#define SMALL_INTS 4

static int tag_of(int seq) {
    return seq % 3 == 2 ? 6 : 5;
}

static int ints_of(int seq) {
    return seq == PER_SENDER - 1 ? BIG_INTS : SMALL_INTS; /* the last: a rendezvous blocks its sender */
}

static int *inbox;
static int taken[3][PER_SENDER];    /* per sender and sequence: received once */

/* Checks a received message against what its sender sent and marks it taken; its sequence number, or -1. */
static int accept(const int *buf, const MPI_Status *status) {
    int count;
    MPI_Get_count(status, MPI_INT, &count);
    int source = status->MPI_SOURCE, tag = status->MPI_TAG, seq = buf[0] % 100;
    int sane = source >= 1 && source <= 2 && seq >= 0 && seq < PER_SENDER && buf[0] == source * 10000 + tag * 100 + seq
            && tag == tag_of(seq) && count == ints_of(seq);
    for (int i = 1; sane && i < count; i++) {
        sane = buf[i] == buf[0] + i;
    }
    CHECK(sane, "from %d tag %d: %d ints starting %d", source, tag, count, buf[0]);
    if (!sane) {
        return -1;
    }
    CHECK(!taken[source][seq], "message %d of rank %d received twice", seq, source);
    taken[source][seq] = 1;
    return seq;
}

/* The earliest message of source not taken yet (with tag, or any when tag is MPI_ANY_TAG). */
static int earliest(int source, int tag) {
    for (int seq = 0; seq < PER_SENDER; seq++) {
        if (!taken[source][seq] && (tag == MPI_ANY_TAG || tag_of(seq) == tag)) {
            return seq;
        }
    }
    return -1;
}

/* A blocking receive must take its sender's earliest matching message that no earlier receive took. */
static void blocking(int source, int tag, int by_probe) {
    MPI_Status status;
    int wanted_tag = tag, found_count = -1, found_source = -1, found_tag = -1;
    if (by_probe) {
        MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &found_count);
        found_source = source = status.MPI_SOURCE;
        found_tag = tag = status.MPI_TAG;
    }
    MPI_Recv(inbox, BIG_INTS, MPI_INT, source, tag, MPI_COMM_WORLD, &status);
    int expected = status.MPI_SOURCE >= 1 && status.MPI_SOURCE <= 2 ? earliest(status.MPI_SOURCE, wanted_tag) : -1;
    int seq = accept(inbox, &status);
    int count;
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(seq < 0 || seq == expected, "receive (%d, %d) took message %d of rank %d, not %d", source, wanted_tag, seq,
          status.MPI_SOURCE, expected);
    CHECK(!by_probe || (found_source == status.MPI_SOURCE && found_tag == status.MPI_TAG && found_count == count),
          "probed (%d, %d, %d ints) but received (%d, %d, %d ints)", found_source, found_tag, found_count,
          status.MPI_SOURCE, status.MPI_TAG, count);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    inbox = malloc(sizeof(int) * BIG_INTS);
    if (rank > 0) {
        for (int seq = 0; seq < PER_SENDER; seq++) {
            for (int i = 0; i < ints_of(seq); i++) {
                inbox[i] = rank * 10000 + tag_of(seq) * 100 + seq + i;
            }
            MPI_Send(inbox, ints_of(seq), MPI_INT, 0, tag_of(seq), MPI_COMM_WORLD);
        }
    } else {
        static int posted[4][SMALL_INTS];
        MPI_Request requests[4];
        MPI_Irecv(posted[0], SMALL_INTS, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(posted[1], SMALL_INTS, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[1]);
        MPI_Irecv(posted[2], SMALL_INTS, MPI_INT, MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &requests[2]);
        MPI_Irecv(posted[3], SMALL_INTS, MPI_INT, 2, 5, MPI_COMM_WORLD, &requests[3]);
        /* Rank 2's first message went to (2, 5), posted before: this one takes its second. */
        MPI_Status status;
        MPI_Recv(inbox, BIG_INTS, MPI_INT, 2, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        int second_of_2 = inbox[0];
        MPI_Status statuses[4];
        MPI_Waitall(4, requests, statuses);
        int seqs[4];
        for (int r = 0; r < 4; r++) {
            seqs[r] = accept(posted[r], &statuses[r]);
        }
        CHECK(statuses[0].MPI_SOURCE == 1 && seqs[0] == 0, "(1, ANY_TAG) took message %d of rank %d", seqs[0],
              statuses[0].MPI_SOURCE);
        CHECK(statuses[1].MPI_SOURCE == 1 && seqs[1] == 1, "the second (1, ANY_TAG) took message %d of rank %d",
              seqs[1], statuses[1].MPI_SOURCE);
        CHECK(seqs[2] == 2, "(ANY_SOURCE, 6) took message %d of rank %d", seqs[2], statuses[2].MPI_SOURCE);
        CHECK(statuses[3].MPI_SOURCE == 2 && seqs[3] == 0, "(2, 5) took message %d of rank %d", seqs[3],
              statuses[3].MPI_SOURCE);
        int seq = accept(inbox, &status);
        CHECK(status.MPI_SOURCE == 2 && seq == 1, "(2, ANY_TAG) took message %d of rank %d", seq, status.MPI_SOURCE);
        printf("posted first: %d %d %d; then (2, ANY_TAG): %d\n", posted[0][0], posted[1][0], posted[3][0],
               second_of_2);
        blocking(2, 6, 0);
        /* The other eleven: wildcards, every other one found by a probe first. */
        for (int k = 0; k < 2 * PER_SENDER - 6; k++) {
            blocking(MPI_ANY_SOURCE, k % 3 == 1 ? 5 : MPI_ANY_TAG, k % 2);
        }
        int missing = 0;
        for (int s = 1; s <= 2; s++) {
            for (int q = 0; q < PER_SENDER; q++) {
                missing += !taken[s][q];
            }
        }
        CHECK(missing == 0, "%d messages never received", missing);
        printf("%d messages received, each once, in order per sender\n", 2 * PER_SENDER - missing);
    }
    free(inbox);
    MPI_Barrier(MPI_COMM_WORLD); /* the verdicts' messages must not meet rank 0's wildcard receives */
    conformance_verdict("p2p-wildcards-order");
    MPI_Finalize();
    return 0;
}
