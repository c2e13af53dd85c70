/* Matched probes (MPI 3.1 §3.8.2): MPI_Mprobe and MPI_Improbe decide the message as MPI_Probe and MPI_Iprobe do (the
 * emulator's grant in virtual time, after the pending receives have taken what is theirs), then match it: it is
 * received in virtual time at once (RECEIVE of exactly its source and tag, charged now: a matched message leaves the
 * queue at the probe, and no later receive can take it), and MPI's own MPI_Mprobe of exactly that source and tag
 * gives the program MPI's message handle. MPI_Mrecv and MPI_Imrecv then only move the data (PMPI_Mrecv), so an
 * MPI_Imrecv's request is complete at once. */
#include "request.h"

/* The message first on route's communicator received in virtual time and matched by MPI's own MPI_Mprobe there. */
static void match(mse_route route, mse_envelope first, MPI_Message *message, MPI_Status *status) {
    mse_destination into = {.buf = NULL, .count = 0, .type = MPI_BYTE, .status = status, .route = route,
                            .matched = message};
    mse_receive_into((mse_pattern) {first.source, first.tag, first.context}, &into);
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Mprobe");
    mse_route route = mse_check_receive("MPI_Mprobe", source, tag, comm);
    if (source == MPI_PROC_NULL) {
        *message = MPI_MESSAGE_NO_PROC;
        mse_from_nobody(status);
    } else {
        match(route, mse_posted_probe(&mse_self.posted, mse_pattern_on(route, source, tag)), message, status);
    }
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Improbe");
    mse_route route = mse_check_receive("MPI_Improbe", source, tag, comm);
    mse_envelope first;
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        *message = MPI_MESSAGE_NO_PROC;
        mse_from_nobody(status);
    } else if ((*flag = mse_posted_iprobe(&mse_self.posted, mse_pattern_on(route, source, tag), &first))) {
        match(route, first, message, status);
    }
    mse_leave();
    return MPI_SUCCESS;
}

/* The matched message into the buffer; MPI_MESSAGE_NO_PROC gives what a receive from MPI_PROC_NULL gives. */
static void receive_matched(const char *call, void *buf, int count, MPI_Datatype type, MPI_Message *message,
                            MPI_Status *status) {
    if (*message == MPI_MESSAGE_NO_PROC) {
        mse_from_nobody(status);
        *message = MPI_MESSAGE_NULL;
    } else if (*message == MPI_MESSAGE_NULL) {
        mse_die("%s of MPI_MESSAGE_NULL (a message is received once, MPI 3.1 §3.8.3)", call);
    } else {
        PMPI_Mrecv(buf, count, type, message, status);
    }
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Mrecv");
    receive_matched("MPI_Mrecv", buf, count, type, message, status);
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request) {
    mse_begin("MPI_Imrecv");
    MPI_Status status;
    receive_matched("MPI_Imrecv", buf, count, type, message, &status);
    *request = mse_request_complete(&status);
    mse_leave();
    return MPI_SUCCESS;
}
