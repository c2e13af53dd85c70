/* Persistent requests (MPI 3.1 §3.9): an init call checks and keeps its arguments and makes an inactive request;
 * each MPI_Start is the matching nonblocking call and is charged as it: a send start reports SENT and its packed copy
 * leaves (complete at once, as MPI_Isend's), a receive start is posted as MPI_Irecv's and matched when the program
 * tests or waits. A wait or test that completes it leaves it inactive (request.h), MPI_Request_free frees it. */
#include "errors.h"
#include "request.h"

/* An init with erroneous arguments makes no request and returns its error as the nonblocking call would (errors.h). */
static int init_call(const char *call, int is_receive, const void *buf, int count, MPI_Datatype type, int peer,
                     int tag, MPI_Comm comm, MPI_Request *request) {
    mse_begin(call);
    int code = is_receive ? mse_receive_arguments(comm, count, type, peer, tag)
                          : mse_send_arguments(comm, count, type, peer, tag);
    if (code == MPI_SUCCESS) {
        mse_comm *c = mse_comm_of(call, comm);
        mse_message_bytes(call, count, type); /* a message the wire cannot carry is refused now, not at a start */
        *request = (MPI_Request) (void *) mse_request_persistent(call, is_receive, buf, count, type,
                                                                        mse_program_route(c), peer, tag);
    }
    mse_leave();
    return mse_error(call, comm, code);
}

int MPI_Send_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request *request) {
    return init_call("MPI_Send_init", 0, buf, count, type, dest, tag, comm, request);
}

int MPI_Ssend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request) {
    return init_call("MPI_Ssend_init", 0, buf, count, type, dest, tag, comm, request);
}

int MPI_Bsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request) {
    return init_call("MPI_Bsend_init", 0, buf, count, type, dest, tag, comm, request);
}

int MPI_Rsend_init(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request *request) {
    return init_call("MPI_Rsend_init", 0, buf, count, type, dest, tag, comm, request);
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request) {
    return init_call("MPI_Recv_init", 1, buf, count, type, source, tag, comm, request);
}

/* One start, as MPI_Isend or MPI_Irecv with the kept arguments would be (the buffer is read now, at the start). */
static void start(const char *call, MPI_Request handle) {
    mse_request *r = mse_request_own(call, handle);
    if (!r->persistent) {
        mse_die("%s of a request that is not persistent (MPI_Send_init, MPI_Recv_init, ... make those)", call);
    }
    if (r->active) {
        mse_die("%s of a persistent request already active (complete it with a wait or test first)", call);
    }
    r->active = 1;
    if (r->is_receive) {
        mse_request_post_receive(r, r->peer, r->tag);
        mse_request_trace_receive(r);
    } else {
        mse_send(r->call, r->into.buf, r->into.count, r->into.type, r->into.route, r->peer, r->tag);
        r->posted.complete = 1;
        mse_empty_status(&r->status);
    }
}

int MPI_Start(MPI_Request *request) {
    mse_begin("MPI_Start");
    start("MPI_Start", *request);
    mse_leave();
    return MPI_SUCCESS;
}

/* The starts in array order, as MPI 3.1 §3.9 allows (the order is unspecified). */
int MPI_Startall(int count, MPI_Request requests[]) {
    mse_begin("MPI_Startall");
    for (int i = 0; i < count; i++) {
        start("MPI_Startall", requests[i]);
    }
    mse_leave();
    return MPI_SUCCESS;
}
