/* Waits and tests over the library's requests: a receive is matched when the program tests or waits (posted.h), in
 * virtual arrival order; a send is complete from the start. */
#include <stdlib.h>

#include "errors.h"
#include "request.h"
#include "schedule.h"

#define REQUEST_MAGIC 0x4d534552u /* "MSER" */

mse_request *mse_request_new(int is_receive) {
    mse_request *r = calloc(1, sizeof *r);
    if (r == NULL) {
        mse_die("out of memory for a request");
    }
    r->magic = REQUEST_MAGIC;
    r->is_receive = is_receive;
    r->posted.target = &r->into;
    r->into.status = &r->status;
    return r;
}

MPI_Request mse_request_send(void) {
    mse_request *r = mse_request_new(0);
    r->posted.complete = 1;
    mse_empty_status(&r->status);
    return (MPI_Request) (void *) r;
}

MPI_Request mse_request_complete(const MPI_Status *status) {
    mse_request *r = mse_request_new(1);
    r->posted.complete = 1;
    r->status = *status;
    return (MPI_Request) (void *) r;
}

/* A type of one element of it has its layout, extent and bounds, and unlike MPI_Type_dup calls none of the program's
 * attribute copy functions. Predefined types are never freed. */
int mse_type_keep(const char *call, MPI_Datatype type, MPI_Datatype *kept) {
    int integers, addresses, types, combiner;
    PMPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
    if (combiner == MPI_COMBINER_NAMED) {
        *kept = type;
        return 0;
    }
    if (PMPI_Type_contiguous(1, type, kept) != MPI_SUCCESS || PMPI_Type_commit(kept) != MPI_SUCCESS) {
        mse_die("%s: cannot keep its datatype while the request lives", call);
    }
    return 1;
}

void mse_request_post_receive(mse_request *r, int source, int tag) {
    r->posted.pattern = mse_pattern_on(r->into.route, source == MPI_PROC_NULL ? MPI_ANY_SOURCE : source, tag);
    if (source == MPI_PROC_NULL) {
        r->posted.complete = 1; /* completes at once with source MPI_PROC_NULL */
        mse_empty_status(&r->status);
        r->status.MPI_SOURCE = MPI_PROC_NULL;
    } else {
        mse_posted_add(&mse_self.posted, &r->posted);
    }
}

MPI_Request mse_request_receive(void *buf, int count, MPI_Datatype type, mse_route route, int source, int tag) {
    mse_request *r = mse_request_new(1);
    r->into.buf = buf;
    r->into.count = count;
    r->into.route = route;
    r->comm = route.comm;
    mse_comm_hold(r->comm);
    r->owns_type = mse_type_keep("MPI_Irecv", type, &r->into.type);
    mse_request_post_receive(r, source, tag);
    mse_request_trace_receive(r);
    return (MPI_Request) (void *) r;
}

/* The buffer is the program's until the request is freed; its type is held as a pending receive's is, since the
 * program may free its handle after the init call (MPI 3.1 §4.1.9). */
mse_request *mse_request_persistent(const char *call, int is_receive, const void *buf, int count, MPI_Datatype type,
                                    mse_route route, int peer, int tag) {
    mse_request *r = mse_request_new(is_receive);
    r->comm = route.comm;
    mse_comm_hold(r->comm);
    r->persistent = 1;
    r->call = call;
    r->into.buf = (void *) buf;
    r->into.count = count;
    r->into.route = route;
    r->owns_type = mse_type_keep(call, type, &r->into.type);
    r->peer = peer;
    r->tag = tag;
    r->posted.complete = 1;
    mse_empty_status(&r->status);
    return r;
}

mse_request *mse_request_own(const char *call, MPI_Request handle) {
    mse_request *r = (mse_request *) (void *) handle;
    if (r->magic != REQUEST_MAGIC) {
        mse_die("%s on a request MSE did not create (only the requests of the calls it emulates are)", call);
    }
    return r;
}

int mse_request_active(const char *call, MPI_Request handle) {
    if (handle == MPI_REQUEST_NULL) {
        return 0;
    }
    mse_request *r = mse_request_own(call, handle);
    return !r->persistent || r->active;
}

/* Frees the request, whatever it is, and nulls the handle. */
static void release(MPI_Request *handle) {
    mse_request *r = (mse_request *) (void *) *handle;
    mse_schedule_free(r->schedule);
    if (r->owns_type) {
        PMPI_Type_free(&r->into.type);
    }
    if (r->comm != NULL) {
        mse_comm_release(r->comm);
    }
    r->magic = 0;
    free(r);
    *handle = MPI_REQUEST_NULL;
}

int mse_request_finish(MPI_Request *handle, MPI_Status *status) {
    mse_request *r = (mse_request *) (void *) *handle;
    int code = r->is_receive ? r->into.error : MPI_SUCCESS;
    mse_request_trace_complete(r);
    if (status != MPI_STATUS_IGNORE) {
        int program_error = status->MPI_ERROR;
        *status = r->status;
        status->MPI_ERROR = program_error;
    }
    if (r->persistent) {
        r->active = 0; /* MPI 3.1 §3.9: inactive until the next MPI_Start, the handle still the program's */
    } else {
        release(handle);
    }
    return code;
}

MPI_Comm mse_request_comm(MPI_Request handle) {
    mse_request *r = (mse_request *) (void *) handle;
    return handle == MPI_REQUEST_NULL || r->comm == NULL ? MPI_COMM_WORLD : r->comm->handle;
}

int mse_requests_error(const char *call, MPI_Comm comm, int first_error) {
    if (first_error == MPI_SUCCESS) {
        return MPI_SUCCESS;
    }
    mse_error(call, comm, first_error);
    return MPI_ERR_IN_STATUS;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
    mse_begin("MPI_Wait");
    int code = MPI_SUCCESS;
    MPI_Comm comm = mse_request_comm(*request);
    if (!mse_request_active("MPI_Wait", *request)) {
        mse_empty_status(status);
    } else {
        code = mse_request_wait(request, status);
    }
    mse_leave();
    return mse_error("MPI_Wait", comm, code);
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
    mse_begin("MPI_Test");
    int code = MPI_SUCCESS;
    MPI_Comm comm = mse_request_comm(*request);
    if (!mse_request_active("MPI_Test", *request)) {
        *flag = 1;
        mse_empty_status(status);
    } else {
        *flag = mse_request_test(request, status, &code);
    }
    mse_leave();
    return mse_error("MPI_Test", comm, code);
}

/* Every status of the array says its own error, MPI_SUCCESS included, as Open MPI's do. */
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
    mse_begin("MPI_Waitall");
    int first_error = MPI_SUCCESS;
    MPI_Comm failed_on = MPI_COMM_WORLD;
    for (int i = 0; i < count; i++) {
        MPI_Status *status = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        int code = MPI_SUCCESS;
        MPI_Comm comm = mse_request_comm(requests[i]);
        if (!mse_request_active("MPI_Waitall", requests[i])) {
            mse_empty_status(status);
        } else {
            code = mse_request_wait(&requests[i], status);
        }
        mse_status_set_error(status, code);
        if (first_error == MPI_SUCCESS && code != MPI_SUCCESS) {
            first_error = code;
            failed_on = comm;
        }
    }
    mse_leave();
    return mse_requests_error("MPI_Waitall", failed_on, first_error);
}

/* MPI_Test that leaves the request to the program (MPI 3.1 §3.7.3): complete or not, it stays active until a wait or
 * test completes it, and a later MPI_Wait returns the same status. A null request is complete and empty. */
int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status) {
    mse_begin("MPI_Request_get_status");
    if (!mse_request_active("MPI_Request_get_status", request)) {
        *flag = 1;
        mse_empty_status(status);
    } else {
        *flag = mse_request_look(request, status);
    }
    mse_leave();
    return MPI_SUCCESS;
}

/* A completed request goes (a persistent one too, active or not: its send already left, its receive completed); a
 * pending receive would still take a message nobody waits for, in an order only a later wait decides: it is refused
 * by name rather than guessed. */
int MPI_Request_free(MPI_Request *request) {
    mse_begin("MPI_Request_free");
    if (*request != MPI_REQUEST_NULL) {
        mse_request *r = mse_request_own("MPI_Request_free", *request);
        if (!r->posted.complete) {
            mse_die("MPI_Request_free of a pending %s is not emulated by MSE (wait for it or test it)",
                    r->collective ? "nonblocking collective" : "receive");
        }
        release(request);
    }
    mse_leave();
    return MPI_SUCCESS;
}

/* A receive nothing has matched yet is withdrawn and completes cancelled: until a test or wait matches it, the
 * emulator has heard nothing of it, so virtual time is as if it was never posted. A send's copy left when it was
 * posted and the emulator already charged it: cancelling it is refused by name rather than pretended. */
int MPI_Cancel(MPI_Request *request) {
    mse_begin("MPI_Cancel");
    if (*request != MPI_REQUEST_NULL) {
        mse_request *r = mse_request_own("MPI_Cancel", *request);
        if (r->collective) {
            mse_die("MPI_Cancel of a nonblocking collective: MPI 3.1 §5.12 says it is erroneous");
        }
        if (!r->is_receive) {
            mse_die("MPI_Cancel of a send is not emulated by MSE (its message left when it was posted)");
        }
        if (!r->posted.complete) {
            mse_posted_cancel(&mse_self.posted, &r->posted);
            mse_empty_status(&r->status);
            PMPI_Status_set_cancelled(&r->status, 1);
        }
    }
    mse_leave();
    return MPI_SUCCESS;
}
