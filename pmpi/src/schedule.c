/* The engine of the collectives' schedules (schedule.h): a schedule is driven through the library's request, whose
 * posted receive is the schedule's next message; requests.c resumes it each time that receive completes. */
#include <stdlib.h>

#include "errors.h"
#include "request.h"
#include "schedule.h"

/* Tags for the nonblocking collectives: above the blocking ones' (collective.h), MSE_COLLECTIVE_TAGS each. */
#define NONBLOCKING_TAGS_FROM (MSE_RESERVED_TAGS_FROM + MSE_COLLECTIVE_TAGS)
/* How many nonblocking collectives may be pending on a rank before their tags repeat: far more than any program keeps
 * pending, and the last tag, NONBLOCKING_TAGS_FROM + INSTANCES * MSE_COLLECTIVE_TAGS, well within Open MPI's
 * MPI_TAG_UB (2^31 - 1). */
#define INSTANCES (1 << 20)

int mse_collective_begin(const char *call, MPI_Comm comm, int nonblocking) {
    mse_begin(call);
    mse_check_comm(call, comm);
    if (!nonblocking) {
        return MSE_RESERVED_TAGS_FROM;
    }
    int instance = mse_self.collectives_started;
    mse_self.collectives_started = (instance + 1) % INSTANCES;
    return NONBLOCKING_TAGS_FROM + instance * MSE_COLLECTIVE_TAGS;
}

/* A user-defined operation's Fortran handle is the same on every rank that created the same operations in the same
 * order, as correct programs do; a predefined one's is the same everywhere. */
int mse_collective_checked(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op,
                           int sized) {
    mse_begin(call);
    int code = mse_collective_arguments(comm, count, type, root, op);
    if (code == MPI_SUCCESS && mse_self.depth == 1) { /* a collective another one runs follows from the outer one */
        MPI_Count size = 0;
        PMPI_Type_size_x(type, &size);
        mse_fact fact = {.type = MSE_COLLECTIVE, .rank = mse_self.rank, .call = call, .comm = 0,
                         .root = root == MSE_NO_ROOT ? -1 : root, .data_bytes = sized ? (int64_t) count * size : -1,
                         .op = op == NULL ? -1 : (int32_t) PMPI_Op_c2f(*op)};
        mse_report(&fact);
    }
    mse_self.call_continues = code == MPI_SUCCESS; /* the call goes on (mse_collective_begin): one region */
    mse_leave();
    return mse_error(call, comm, code);
}

int mse_collective_run(mse_schedule *s) {
    MPI_Request request = mse_request_collective(s);
    mse_request_wait(&request, MPI_STATUS_IGNORE);
    mse_leave();
    return MPI_SUCCESS;
}

int mse_collective_start(mse_schedule *s, MPI_Request *request) {
    *request = mse_request_collective(s);
    mse_leave();
    return MPI_SUCCESS;
}

void *mse_schedule_new(size_t size, const char *call, int tags, int root, int (*resume)(mse_schedule *s),
                       void (*release)(mse_schedule *s)) {
    mse_schedule *s = calloc(1, size);
    if (s == NULL) {
        mse_die("%s: out of memory for its schedule", call);
    }
    s->call = call;
    s->tags = tags;
    s->resume = resume;
    s->release = release;
    s->root = root;
    if (root != MSE_TREE_NONE) {
        s->tree = mse_collective_tree(call, root);
    }
    return s;
}

int mse_schedule_receive(mse_schedule *s, int source, int tag, void *buf, int count, MPI_Datatype type,
                         void (*fit)(mse_destination *into, int bytes), void *context) {
    mse_request *r = s->request;
    r->into = (mse_destination) {.buf = buf, .count = count, .type = type, .status = &r->status, .fit = fit,
                                 .context = context};
    mse_request_post_receive(r, source, tag);
    return 1;
}

const MPI_Status *mse_schedule_received(const mse_schedule *s) {
    return &s->request->status;
}

void mse_schedule_free(mse_schedule *s) {
    while (s != NULL) {
        mse_schedule *then = s->then;
        if (s->release != NULL) {
            s->release(s);
        }
        mse_tree_free(&s->tree);
        free(s);
        s = then;
    }
}
