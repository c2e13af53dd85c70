/* np: 3. Matched probes (MPI 3.1 §3.8.2, §3.8.3): MPI_Mprobe and MPI_Improbe match a message so that no other receive
 * can take it; MPI_Mrecv and MPI_Imrecv receive exactly that message, whatever was received in between; the status of
 * the probe gives its size before the buffer exists; a receive posted before the probe still takes the first message
 * it matches; and MPI_PROC_NULL gives MPI_MESSAGE_NO_PROC, whose receive completes at once from MPI_PROC_NULL. */
#include <stdlib.h>

#include "conformance.h"

static void sender(int rank) {
    int first = 1, second = 2, many[5] = {rank, rank, rank, rank, rank};
    MPI_Send(&first, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    MPI_Send(&second, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    MPI_Send(many, rank + 2, MPI_INT, 0, 6, MPI_COMM_WORLD); /* a size only the probe tells */
    MPI_Send(&rank, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
    MPI_Send(&rank, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
}

/* From each sender, the first of two messages of one tag matched, the second received by a plain receive between,
 * then the matched one received: the matched message is the first. */
static void matched_stays_matched(void) {
    for (int from = 1; from <= 2; from++) {
        MPI_Message message;
        MPI_Status status;
        int value = 0, between = 0;
        MPI_Mprobe(from, 5, MPI_COMM_WORLD, &message, &status);
        CHECK(status.MPI_SOURCE == from && status.MPI_TAG == 5, "Mprobe: source %d tag %d", status.MPI_SOURCE,
              status.MPI_TAG);
        MPI_Recv(&between, 1, MPI_INT, from, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Mrecv(&value, 1, MPI_INT, &message, &status);
        CHECK(message == MPI_MESSAGE_NULL, "Mrecv left the message handle");
        CHECK(value == 1 && between == 2, "from %d: matched %d, between %d", from, value, between);
    }
}

/* Messages of sizes the receiver learns from the probe's status, from either sender (MPI_ANY_SOURCE). */
static int sized_by_the_probe(void) {
    int total = 0;
    for (int k = 0; k < 2; k++) {
        MPI_Message message;
        MPI_Status status;
        int count;
        MPI_Mprobe(MPI_ANY_SOURCE, 6, MPI_COMM_WORLD, &message, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        int *values = malloc(sizeof(int) * (size_t) count);
        MPI_Request request;
        MPI_Imrecv(values, count, MPI_INT, &message, &request);
        MPI_Wait(&request, &status);
        CHECK(count == status.MPI_SOURCE + 2 && values[count - 1] == status.MPI_SOURCE, "from %d: %d values",
              status.MPI_SOURCE, count);
        total += count;
        free(values);
    }
    return total;
}

/* A receive posted before the probes takes the first tag-8 message; Improbe polls for the other, then for both
 * tag-9 messages (by tag: the senders' verdicts follow them and may come first from the other sender). */
static int posted_first(void) {
    int early = -1, sum = 0, flag = 0;
    MPI_Request request;
    MPI_Irecv(&early, 1, MPI_INT, MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &request);
    for (int k = 0; k < 3; k++) { /* one more tag-8 message, and both tag-9 ones */
        MPI_Message message;
        MPI_Status status;
        int value = -1;
        do {
            MPI_Improbe(MPI_ANY_SOURCE, k == 0 ? 8 : 9, MPI_COMM_WORLD, &flag, &message, &status);
        } while (!flag);
        MPI_Mrecv(&value, 1, MPI_INT, &message, MPI_STATUS_IGNORE);
        CHECK(value == status.MPI_SOURCE, "Improbe: value %d from %d", value, status.MPI_SOURCE);
        sum += 10 * status.MPI_TAG + value;
    }
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    CHECK(early == 1 || early == 2, "the posted receive got %d", early);
    return sum + 80 + early;
}

static void no_process(void) {
    MPI_Message message;
    MPI_Status status;
    int value = 3, flag = 0;
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &message, &status);
    CHECK(message == MPI_MESSAGE_NO_PROC && status.MPI_SOURCE == MPI_PROC_NULL, "Mprobe of MPI_PROC_NULL");
    MPI_Mrecv(&value, 1, MPI_INT, &message, &status);
    CHECK(message == MPI_MESSAGE_NULL && status.MPI_SOURCE == MPI_PROC_NULL && value == 3, "Mrecv of NO_PROC");
    MPI_Improbe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &message, &status);
    CHECK(flag && message == MPI_MESSAGE_NO_PROC, "Improbe of MPI_PROC_NULL: flag %d", flag);
    MPI_Request request;
    MPI_Imrecv(&value, 1, MPI_INT, &message, &request);
    MPI_Wait(&request, &status);
    CHECK(status.MPI_SOURCE == MPI_PROC_NULL && value == 3, "Imrecv of NO_PROC: source %d", status.MPI_SOURCE);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        no_process();
        matched_stays_matched();
        int values = sized_by_the_probe();
        int sum = posted_first();
        printf("%d values sized by their probes, tags and values sum to %d\n", values, sum);
    } else {
        sender(rank);
    }
    conformance_verdict("request-mprobe");
    MPI_Finalize();
    return 0;
}
