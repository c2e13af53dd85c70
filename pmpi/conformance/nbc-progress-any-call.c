/* np: 4. A rank's pending nonblocking collectives move on in whatever MPI call it is in (MPI 3.1 §5.12 and §3.7.4's
 * progress rule; Open MPI's progress engine runs them in every call that waits or tests): rank 2 sits in a blocking
 * or polling call for a message that rank 3 (after its MPI_Ibcast completed) or rank 0 (after its MPI_Ireduce
 * completed) sends, while the binomial tree needs rank 2 to forward that broadcast to rank 3 or to combine rank 3's
 * value into the reduce. One round per call: MPI_Recv, MPI_Sendrecv, MPI_Probe, MPI_Iprobe, MPI_Mprobe, MPI_Improbe,
 * and MPI_Waitany, MPI_Waitsome, MPI_Testany, MPI_Testsome, MPI_Testall and MPI_Request_get_status over a receive
 * that is the only request they are given. */
#include "conformance.h"

enum { RECV, SENDRECV, PROBE, IPROBE, MPROBE, IMPROBE, WAITANY, WAITSOME, TESTANY, TESTSOME, TESTALL, GET_STATUS,
       CALLS };

static const char *const names[CALLS] = {"MPI_Recv", "MPI_Sendrecv", "MPI_Probe", "MPI_Iprobe", "MPI_Mprobe",
                                         "MPI_Improbe", "MPI_Waitany", "MPI_Waitsome", "MPI_Testany", "MPI_Testsome",
                                         "MPI_Testall", "MPI_Request_get_status"};

/* Receives one int from source with tag through the call under test; returns what arrived. */
static int receive_through(int call, int source, int tag) {
    int value = -1, flag = 0, index, outcount, ignored = 0;
    MPI_Status status;
    MPI_Message message;
    MPI_Request request = MPI_REQUEST_NULL;
    if (call >= WAITANY) {
        MPI_Irecv(&value, 1, MPI_INT, source, tag, MPI_COMM_WORLD, &request);
    }
    switch (call) {
    case RECV:
        MPI_Recv(&value, 1, MPI_INT, source, tag, MPI_COMM_WORLD, &status);
        break;
    case SENDRECV:
        MPI_Sendrecv(&ignored, 1, MPI_INT, MPI_PROC_NULL, 0, &value, 1, MPI_INT, source, tag, MPI_COMM_WORLD, &status);
        break;
    case PROBE:
        MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
        MPI_Recv(&value, 1, MPI_INT, source, tag, MPI_COMM_WORLD, &status);
        break;
    case IPROBE:
        while (!flag) {
            MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
        }
        MPI_Recv(&value, 1, MPI_INT, source, tag, MPI_COMM_WORLD, &status);
        break;
    case MPROBE:
        MPI_Mprobe(source, tag, MPI_COMM_WORLD, &message, &status);
        MPI_Mrecv(&value, 1, MPI_INT, &message, &status);
        break;
    case IMPROBE:
        while (!flag) {
            MPI_Improbe(source, tag, MPI_COMM_WORLD, &flag, &message, &status);
        }
        MPI_Mrecv(&value, 1, MPI_INT, &message, &status);
        break;
    case WAITANY:
        MPI_Waitany(1, &request, &index, &status);
        break;
    case WAITSOME:
        MPI_Waitsome(1, &request, &outcount, &index, &status);
        break;
    case TESTANY:
        while (!flag) {
            MPI_Testany(1, &request, &index, &flag, &status);
        }
        break;
    case TESTSOME:
        for (outcount = 0; outcount == 0;) {
            MPI_Testsome(1, &request, &outcount, &index, &status);
        }
        break;
    case TESTALL:
        while (!flag) {
            MPI_Testall(1, &request, &flag, &status);
        }
        break;
    case GET_STATUS:
        while (!flag) {
            MPI_Request_get_status(request, &flag, &status);
        }
        MPI_Wait(&request, &status);
        break;
    }
    CHECK(request == MPI_REQUEST_NULL, "%s left its request", names[call]);
    CHECK(status.MPI_SOURCE == source && status.MPI_TAG == tag, "%s: source %d tag %d", names[call],
          status.MPI_SOURCE, status.MPI_TAG);
    return value;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int call = 0; call < CALLS; call++) {
        int value = rank == 0 ? 100 + call : -1, got = -1, sum = -1;
        MPI_Request bcast, reduce;
        MPI_Ibcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, &bcast);
        if (rank == 3) {
            MPI_Wait(&bcast, MPI_STATUS_IGNORE);
            MPI_Send(&value, 1, MPI_INT, 2, call, MPI_COMM_WORLD);
        } else if (rank == 2) {
            got = receive_through(call, 3, call);
            CHECK(got == 100 + call, "%s got %d from rank 3 after its broadcast", names[call], got);
        }
        MPI_Wait(&bcast, MPI_STATUS_IGNORE);
        CHECK(value == 100 + call, "round %s: broadcast %d", names[call], value);

        int mine = rank + call;
        MPI_Ireduce(&mine, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &reduce);
        if (rank == 0) {
            MPI_Wait(&reduce, MPI_STATUS_IGNORE);
            MPI_Send(&sum, 1, MPI_INT, 2, CALLS + call, MPI_COMM_WORLD);
        } else if (rank == 2) {
            got = receive_through(call, 0, CALLS + call);
            CHECK(got == size * (size - 1) / 2 + size * call, "%s got the sum %d from rank 0", names[call], got);
        }
        MPI_Wait(&reduce, MPI_STATUS_IGNORE);
        if (rank == 0) {
            printf("%s: broadcast %d, sum %d\n", names[call], value, sum);
        }
    }
    conformance_verdict("nbc-progress-any-call");
    MPI_Finalize();
    return 0;
}
