/* Matched probes (MPI 3.1 §3.8.2): MPI_Mprobe and MPI_Improbe decide the message as MPI_Probe and MPI_Iprobe do (the
 * emulator's grant in virtual time, after the pending receives have taken what is theirs), then match it: it is
 * received in virtual time at once (RECEIVE of exactly its source and tag, charged now: a matched message leaves the
 * queue at the probe, and no later receive can take it), and MPI's own MPI_Mprobe of exactly that source and tag
 * gives the program MPI's message handle. MPI_Mrecv and MPI_Imrecv then only move the data (PMPI_Mrecv), so an
 * MPI_Imrecv's request is complete at once. */
#include <stdlib.h>

#include "errors.h"
#include "request.h"

/* A matched message is remembered with the program's communicator until it is received. */
static void remember(MPI_Message message, MPI_Comm comm) {
    if (mse_self.matched_count == mse_self.matched_room) {
        int room = mse_self.matched_room == 0 ? 4 : 2 * mse_self.matched_room;
        struct mse_matched *more = realloc(mse_self.matched, sizeof *more * (size_t) room);
        if (more == NULL) {
            mse_die("out of memory for the matched messages");
        }
        mse_self.matched = more;
        mse_self.matched_room = room;
    }
    mse_self.matched[mse_self.matched_count++] = (struct mse_matched) {message, comm};
}

/* Where a matched message is remembered, -1 for a handle never matched here. */
static int matched_at(MPI_Message message) {
    for (int i = 0; i < mse_self.matched_count; i++) {
        if (mse_self.matched[i].message == message) {
            return i;
        }
    }
    return -1;
}

/* The message first on route's communicator received in virtual time and matched by MPI's own MPI_Mprobe there. */
static void match(mse_route route, mse_envelope first, MPI_Message *message, MPI_Status *status) {
    mse_destination into = {.buf = NULL, .count = 0, .type = MPI_BYTE, .status = status, .route = route,
                            .matched = message};
    mse_receive_into((mse_pattern) {first.source, first.tag, first.context}, &into);
    remember(*message, route.mpi);
}

/* Erroneous arguments go to the communicator's own handler, MPI_COMM_NULL's (fatal) too, as Open MPI's do. */
static int checked(const char *call, int source, int tag, MPI_Comm comm, mse_route *route) {
    int code = mse_probe_arguments(comm, source, tag);
    if (code == MPI_SUCCESS) {
        *route = mse_program_route(mse_comm_of(call, comm));
    }
    return code;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Mprobe");
    mse_route route;
    int code = checked("MPI_Mprobe", source, tag, comm, &route);
    if (code != MPI_SUCCESS) {
        mse_leave();
        return mse_error_of("MPI_Mprobe", comm, code);
    }
    if (source == MPI_PROC_NULL) {
        *message = MPI_MESSAGE_NO_PROC;
        mse_from_nobody(status);
    } else {
        mse_envelope first;
        mse_probe_progressing(mse_pattern_on(route, source, tag), 1, &first);
        match(route, first, message, status);
    }
    mse_leave();
    return MPI_SUCCESS;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Improbe");
    mse_route route;
    int code = checked("MPI_Improbe", source, tag, comm, &route);
    if (code != MPI_SUCCESS) {
        mse_leave();
        return mse_error_of("MPI_Improbe", comm, code);
    }
    mse_envelope first;
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        *message = MPI_MESSAGE_NO_PROC;
        mse_from_nobody(status);
    } else if ((*flag = mse_probe_progressing(mse_pattern_on(route, source, tag), 0, &first))) {
        match(route, first, message, status);
    }
    mse_leave();
    return MPI_SUCCESS;
}

/* The matched message into the buffer; MPI_MESSAGE_NO_PROC gives what a receive from MPI_PROC_NULL gives. Open MPI's
 * own MPI_Mrecv checks the arguments (the message was matched on the program's communicator, whose handler it
 * invokes; MPI_MESSAGE_NULL's is MPI_COMM_NULL's, fatal) and truncates: its code is the call's, which the emulator
 * records when the handler returned it. */
static int receive_matched(const char *call, void *buf, int count, MPI_Datatype type, MPI_Message *message,
                           MPI_Status *status) {
    if (*message == MPI_MESSAGE_NO_PROC) {
        mse_from_nobody(status);
        *message = MPI_MESSAGE_NULL;
        return MPI_SUCCESS;
    }
    int at = *message == MPI_MESSAGE_NULL ? -1 : matched_at(*message);
    int code = PMPI_Mrecv(buf, count, type, message, status);
    if (at >= 0) {
        mse_error_raised(call, mse_self.matched[at].comm, code);
        if (*message == MPI_MESSAGE_NULL) { /* received: an erroneous call leaves the message to a later one */
            mse_self.matched[at] = mse_self.matched[--mse_self.matched_count];
        }
    }
    return code;
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status) {
    mse_begin("MPI_Mrecv");
    int code = receive_matched("MPI_Mrecv", buf, count, type, message, status);
    mse_leave();
    return code;
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request) {
    mse_begin("MPI_Imrecv");
    MPI_Status status;
    int code = receive_matched("MPI_Imrecv", buf, count, type, message, &status);
    if (code == MPI_SUCCESS) {
        *request = mse_request_complete(&status);
    }
    mse_leave();
    return code;
}
