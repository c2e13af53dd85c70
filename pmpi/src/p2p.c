/* Point-to-point calls. Every send is reported (SENT) before its data leaves, and leaves as a packed copy sent
 * without waiting (MpiComm.sendDetached): a rank that blocked in a rendezvous send would spin in MPI until a receiver
 * that waits for its grant takes the message, stealing the core the working ranks need. So MPI_Send, Ssend, Bsend and
 * Rsend all return once the copy is on its way; virtual time charges each as the send it is. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "errors.h"
#include "request.h"

void mse_empty_status(MPI_Status *status) {
    if (status == MPI_STATUS_IGNORE) {
        return;
    }
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    PMPI_Status_set_elements(status, MPI_BYTE, 0);
    PMPI_Status_set_cancelled(status, 0);
}

/* Frees the copies of the oldest sends while they have completed: one test per send (each test also moves MPI's
 * progress along), so a rank that sends much without waiting pays no more per send; a send stuck behind a slow
 * receiver keeps the copies after it until it completes, and MPI_Finalize completes them all. */
static void reap_sends(void) {
    while (mse_self.detached_first < mse_self.detached_count) {
        int complete;
        PMPI_Test(&mse_self.detached[mse_self.detached_first], &complete, MPI_STATUS_IGNORE);
        if (!complete) {
            return;
        }
        free(mse_self.detached_data[mse_self.detached_first++]);
    }
    mse_self.detached_first = mse_self.detached_count = 0;
}

static void keep_send(MPI_Request request, void *data) {
    if (mse_self.detached_count == mse_self.detached_room && mse_self.detached_first > 0) { /* room at the front */
        int kept = mse_self.detached_count - mse_self.detached_first;
        memmove(mse_self.detached, mse_self.detached + mse_self.detached_first, sizeof(MPI_Request) * (size_t) kept);
        memmove(mse_self.detached_data, mse_self.detached_data + mse_self.detached_first, sizeof(void *) * (size_t) kept);
        mse_self.detached_first = 0;
        mse_self.detached_count = kept;
    }
    if (mse_self.detached_count == mse_self.detached_room) {
        int room = mse_self.detached_room == 0 ? 16 : 2 * mse_self.detached_room;
        MPI_Request *requests = realloc(mse_self.detached, sizeof(MPI_Request) * (size_t) room);
        if (requests != NULL) {
            mse_self.detached = requests;
        }
        void **data_room = realloc(mse_self.detached_data, sizeof(void *) * (size_t) room);
        if (data_room != NULL) {
            mse_self.detached_data = data_room;
        }
        if (requests == NULL || data_room == NULL) {
            mse_die("out of memory for the sends in flight");
        }
        mse_self.detached_room = room;
    }
    mse_self.detached[mse_self.detached_count] = request;
    mse_self.detached_data[mse_self.detached_count++] = data;
}

void mse_send(const char *call, const void *buf, int count, MPI_Datatype type, mse_route route, int dest, int tag) {
    if (dest == MPI_PROC_NULL) {
        return;
    }
    if (dest < 0 || dest >= route.comm->size) {
        mse_die("%s to rank %d outside 0..%d", call, dest, route.comm->size - 1);
    }
    int world_dest = mse_world_rank(route.comm, dest);
    if (world_dest == mse_self.rank) {
        mse_self.has_decided = 0; /* a message to itself may pass before the one the emulator told us of */
    }
    mse_fact sent = {.type = MSE_SENT, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .peer = world_dest,
                     .tag = tag, .bytes = mse_message_bytes(call, count, type), .context = route.context};
    mse_report(&sent);
    reap_sends();
    int room;
    PMPI_Pack_size(count, type, route.mpi, &room);
    void *copy = malloc(room > 0 ? (size_t) room : 1);
    if (copy == NULL) {
        mse_die("%s: out of memory for a copy of %d bytes", call, room);
    }
    int packed = 0;
    PMPI_Pack(buf, count, type, copy, room, &packed, route.mpi);
    MPI_Request request;
    PMPI_Isend(copy, packed, MPI_PACKED, dest, tag, route.mpi, &request);
    keep_send(request, copy);
}

int mse_progress_sends(void *unused) {
    (void) unused;
    reap_sends();
    return mse_self.detached_count - mse_self.detached_first;
}

void mse_complete_sends(void) {
    long pause = MSE_PROGRESS_FIRST_NANOS;
    for (int in_flight = mse_progress_sends(NULL); in_flight > 0;) {
        struct timespec wait = {0, pause};
        nanosleep(&wait, NULL);
        int still = mse_progress_sends(NULL);
        pause = still < in_flight ? MSE_PROGRESS_FIRST_NANOS
                : pause * 2 < MSE_PROGRESS_LAST_NANOS ? pause * 2 : MSE_PROGRESS_LAST_NANOS;
        in_flight = still;
    }
}

/* An erroneous send sends nothing and returns its error (errors.h); the emulator hears of none. */
static int send_call(const char *call, const void *buf, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm) {
    mse_begin(call);
    int code = mse_send_arguments(comm, count, type, dest, tag);
    if (code == MPI_SUCCESS) {
        mse_send(call, buf, count, type, mse_program_route(mse_comm_of(call, comm)), dest, tag);
    }
    mse_leave();
    return mse_error(call, comm, code);
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
    return send_call("MPI_Send", buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
    return send_call("MPI_Ssend", buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
    return send_call("MPI_Bsend", buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
    return send_call("MPI_Rsend", buf, count, type, dest, tag, comm);
}

/* A nonblocking send of any mode: its packed copy is on its way, so the request is complete from the start. */
static int isend_call(const char *call, const void *buf, int count, MPI_Datatype type, int dest, int tag,
                      MPI_Comm comm, MPI_Request *request) {
    int code = send_call(call, buf, count, type, dest, tag, comm);
    if (code == MPI_SUCCESS) {
        *request = mse_request_send();
    }
    return code;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
    return isend_call("MPI_Isend", buf, count, type, dest, tag, comm, request);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
    return isend_call("MPI_Issend", buf, count, type, dest, tag, comm, request);
}

int MPI_Ibsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
    return isend_call("MPI_Ibsend", buf, count, type, dest, tag, comm, request);
}

int MPI_Irsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
    return isend_call("MPI_Irsend", buf, count, type, dest, tag, comm, request);
}

/* MPI's own probe of the granted message on route's communicator (its source's rank there), for its real status; the
 * program's MPI_ERROR stays as it was. */
static void probe_status(mse_route route, mse_envelope first, MPI_Status *status) {
    MPI_Status probed;
    PMPI_Probe(mse_comm_rank(route.comm, first.source), first.tag, route.mpi, &probed);
    if (status != MPI_STATUS_IGNORE) {
        probed.MPI_ERROR = status->MPI_ERROR;
        *status = probed;
    }
}

/* A receive from MPI_PROC_NULL completes at once with source MPI_PROC_NULL and nothing in it. */
void mse_from_nobody(MPI_Status *status) {
    mse_empty_status(status);
    if (status != MPI_STATUS_IGNORE) {
        status->MPI_SOURCE = MPI_PROC_NULL;
    }
}

/* The receive side's checks: Open MPI's first (errors.h), then the communicator's route, which refuses a communicator
 * MSE does not emulate. A probe has no count or type. */
static int checked(const char *call, int code, MPI_Comm comm, mse_route *route) {
    if (code == MPI_SUCCESS) {
        *route = mse_program_route(mse_comm_of(call, comm));
    }
    return code;
}

static int checked_receive(const char *call, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                           mse_route *route) {
    return checked(call, mse_receive_arguments(comm, count, type, source, tag), comm, route);
}

static int checked_probe(const char *call, int source, int tag, MPI_Comm comm, mse_route *route) {
    return checked(call, mse_probe_arguments(comm, source, tag), comm, route);
}

/* The receive of MPI_Recv and of the Sendrecv calls: its error code, the status filled. */
static int receive(const char *call, void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                   MPI_Status *status) {
    mse_route route;
    int code = checked_receive(call, count, type, source, tag, comm, &route);
    if (code != MPI_SUCCESS) {
        return code;
    }
    if (source == MPI_PROC_NULL) {
        mse_from_nobody(status);
        return MPI_SUCCESS;
    }
    mse_destination into = {.buf = buf, .count = count, .type = type, .status = status, .route = route};
    mse_pattern wanted = mse_pattern_on(route, source, tag);
    mse_envelope first;
    if (mse_collectives_pending() > 0) { /* they move on until the message is here, which is then the one taken */
        mse_probe_progressing(wanted, 1, &first);
        wanted = (mse_pattern) {first.source, first.tag, first.context};
    }
    mse_posted_recv(&mse_self.posted, wanted, &into);
    return into.error;
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status) {
    mse_begin("MPI_Recv");
    int code = receive("MPI_Recv", buf, count, type, source, tag, comm, status);
    mse_leave();
    return mse_error("MPI_Recv", comm, code);
}

/* Open MPI checks both halves' arguments before either moves. */
static int send_receive(const char *call, const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                        int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                        MPI_Comm comm, MPI_Status *status) {
    mse_begin(call);
    int code = mse_send_arguments(comm, sendcount, sendtype, dest, sendtag);
    if (code == MPI_SUCCESS) {
        code = mse_receive_arguments(comm, recvcount, recvtype, source, recvtag);
    }
    if (code == MPI_SUCCESS) {
        mse_send(call, sendbuf, sendcount, sendtype, mse_program_route(mse_comm_of(call, comm)), dest, sendtag);
        code = receive(call, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
    }
    mse_leave();
    return mse_error(call, comm, code);
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status) {
    return send_receive("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                        source, recvtag, comm, status);
}

/* The send leaves as a packed copy (mse_send) before the receive overwrites the buffer. */
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status *status) {
    return send_receive("MPI_Sendrecv_replace", buf, count, type, dest, sendtag, buf, count, type, source, recvtag,
                        comm, status);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request) {
    mse_begin("MPI_Irecv");
    mse_route route;
    int code = checked_receive("MPI_Irecv", count, type, source, tag, comm, &route);
    if (code == MPI_SUCCESS) {
        *request = mse_request_receive(buf, count, type, route, source, tag);
    }
    mse_leave();
    return mse_error("MPI_Irecv", comm, code);
}

/* The message the emulator grants, then MPI's own probe of exactly its source and tag, for the real status. */
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status) {
    mse_begin("MPI_Probe");
    mse_route route;
    int code = checked_probe("MPI_Probe", source, tag, comm, &route);
    if (code == MPI_SUCCESS && source == MPI_PROC_NULL) {
        mse_from_nobody(status);
    } else if (code == MPI_SUCCESS) {
        mse_envelope first;
        mse_probe_progressing(mse_pattern_on(route, source, tag), 1, &first);
        probe_status(route, first, status);
    }
    mse_leave();
    return mse_error("MPI_Probe", comm, code);
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status) {
    mse_begin("MPI_Iprobe");
    mse_route route;
    int code = checked_probe("MPI_Iprobe", source, tag, comm, &route);
    mse_envelope first;
    if (code == MPI_SUCCESS && source == MPI_PROC_NULL) {
        *flag = 1;
        mse_from_nobody(status);
    } else if (code == MPI_SUCCESS) {
        if ((*flag = mse_probe_progressing(mse_pattern_on(route, source, tag), 0, &first))) {
            probe_status(route, first, status);
        }
    }
    mse_leave();
    return mse_error("MPI_Iprobe", comm, code);
}
