/* The engine of the collectives' schedules (schedule.h): a schedule is driven through the library's request, whose
 * posted receive is the schedule's next message; requests.c resumes it each time that receive completes. */
#include <stdlib.h>

#include "errors.h"
#include "request.h"
#include "schedule.h"

/* A communicator's nonblocking collectives take MSE_COLLECTIVE_TAGS tags each above the blocking ones' (collective.h),
 * numbered in the order the program starts them there and repeating after as many as fit below MPI_TAG_UB: far more
 * than any program keeps pending (Open MPI's MPI_TAG_UB is 2^31 - 1, and never less than 32767 under MPI 3.1 §8.1.2). */
mse_collective mse_collective_begin(const char *call, MPI_Comm comm, int nonblocking) {
    mse_begin(call);
    mse_comm *c = mse_comm_of(call, comm);
    if (!nonblocking) {
        return (mse_collective) {c, 0};
    }
    int instances = mse_self.tag_ub / MSE_COLLECTIVE_TAGS - 1;
    int instance = c->collectives_started;
    c->collectives_started = (instance + 1) % instances;
    return (mse_collective) {c, MSE_COLLECTIVE_TAGS + instance * MSE_COLLECTIVE_TAGS};
}

/* A user-defined operation's Fortran handle is the same on every rank that created the same operations in the same
 * order, as correct programs do; a predefined one's is the same everywhere. */
int64_t mse_block_bytes(int count, MPI_Datatype type) {
    MPI_Count size = 0;
    PMPI_Type_size_x(type, &size);
    return (int64_t) count * size;
}

/* The blocks, in as many facts as the communicator's size needs. */
static void report_blocks(const char *call, const mse_comm *c, mse_blocks_fill fill, const void *arguments) {
    int64_t *sends = malloc(sizeof *sends * (size_t) c->size), *receives = malloc(sizeof *receives * (size_t) c->size);
    if (sends == NULL || receives == NULL) {
        mse_die("%s: out of memory for the blocks of %d members", call, c->size);
    }
    fill(arguments, c->size, c->rank, sends, receives);
    for (int first = 0; first < c->size; first += MSE_BLOCKS_MAX_MEMBERS) {
        int count = c->size - first < MSE_BLOCKS_MAX_MEMBERS ? c->size - first : MSE_BLOCKS_MAX_MEMBERS;
        mse_fact blocks = {.type = MSE_BLOCKS, .rank = mse_self.rank, .member_index = c->rank, .first = first,
                           .block_count = count, .sends = sends + first, .receives = receives + first};
        mse_report(&blocks);
    }
    free(sends);
    free(receives);
}

static int checked(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op,
                   int sized, mse_blocks_fill fill, const void *arguments) {
    mse_begin(call);
    int code = mse_collective_arguments(comm, count, type, root, op);
    if (code == MPI_SUCCESS && mse_self.depth == 1) { /* a collective another one runs follows from the outer one */
        MPI_Count size = 0;
        PMPI_Type_size_x(type, &size);
        const mse_comm *c = mse_comm_of(call, comm);
        mse_fact fact = {.type = MSE_COLLECTIVE, .rank = mse_self.rank, .call = call, .comm = c->id,
                         .leader = mse_world_rank(c, 0), .members = c->size,
                         .root = root == MSE_NO_ROOT ? -1 : root, .data_bytes = sized ? (int64_t) count * size : -1,
                         .op = op == NULL ? -1 : (int32_t) PMPI_Op_c2f(*op)};
        mse_report(&fact);
        if (fill != NULL) {
            report_blocks(call, c, fill, arguments);
        }
    }
    mse_self.call_continues = code == MPI_SUCCESS; /* the call goes on (mse_collective_begin): one region */
    mse_leave();
    return mse_error(call, comm, code);
}

int mse_collective_checked(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root, const MPI_Op *op,
                           int sized) {
    return checked(call, comm, count, type, root, op, sized, NULL, NULL);
}

int mse_collective_checked_v(const char *call, MPI_Comm comm, int count, MPI_Datatype type, int root,
                             mse_blocks_fill fill, const void *arguments) {
    return checked(call, comm, count, type, root, NULL, 0, fill, arguments);
}

int mse_collective_run(mse_schedule *s) {
    MPI_Request request = mse_request_collective(s);
    mse_request_wait(&request, MPI_STATUS_IGNORE);
    mse_leave();
    return MPI_SUCCESS;
}

int mse_collective_start(mse_schedule *s, MPI_Request *request) {
    int32_t context = s->route.context, first_tag = s->tags; /* s may be done and freed once started */
    *request = mse_request_collective(s);
    mse_request_trace_collective((mse_request *) (void *) *request, context, first_tag);
    mse_leave();
    return MPI_SUCCESS;
}

void *mse_schedule_new(size_t size, const char *call, mse_collective tags, int root, int (*resume)(mse_schedule *s),
                       void (*release)(mse_schedule *s)) {
    mse_schedule *s = calloc(1, size);
    if (s == NULL) {
        mse_die("%s: out of memory for its schedule", call);
    }
    s->call = call;
    s->comm = tags.comm;
    s->route = mse_library_route(tags.comm);
    mse_comm_hold(tags.comm);
    s->tags = tags.first;
    s->resume = resume;
    s->release = release;
    s->root = root;
    if (root != MSE_TREE_NONE) {
        s->tree = mse_collective_tree(call, tags.comm, root);
    }
    return s;
}

MPI_Datatype mse_schedule_type(mse_schedule *s, MPI_Datatype type) {
    if (s->tags == 0 || type == MPI_DATATYPE_NULL) { /* a blocking collective's first tag (mse_collective_begin) */
        return type;
    }
    MPI_Datatype *held = realloc(s->held, sizeof(MPI_Datatype) * (size_t) (s->held_count + 1));
    if (held == NULL) {
        mse_die("%s: out of memory for its datatypes", s->call);
    }
    s->held = held;
    MPI_Datatype kept;
    if (mse_type_keep(s->call, type, &kept)) {
        s->held[s->held_count++] = kept;
    }
    return kept;
}

int mse_schedule_receive(mse_schedule *s, int source, int tag, void *buf, int count, MPI_Datatype type,
                         void (*fit)(mse_destination *into, int bytes), void *context) {
    mse_request *r = s->request;
    r->into = (mse_destination) {.buf = buf, .count = count, .type = type, .status = &r->status, .route = s->route,
                                 .fit = fit, .context = context};
    mse_request_post_receive(r, source, tag);
    return 1;
}

const MPI_Status *mse_schedule_received(const mse_schedule *s) {
    return &s->request->status;
}

void mse_schedule_own(mse_schedule *s, void *block) {
    int i = 0;
    while (i < MSE_SCHEDULE_OWNS && s->owned[i] != NULL) {
        i++;
    }
    if (i == MSE_SCHEDULE_OWNS) {
        mse_die("%s: a schedule owns at most %d blocks", s->call, MSE_SCHEDULE_OWNS);
    }
    s->owned[i] = block;
}

void mse_schedule_free(mse_schedule *s) {
    while (s != NULL) {
        mse_schedule *then = s->then;
        if (s->release != NULL) {
            s->release(s);
        }
        for (int i = 0; i < MSE_SCHEDULE_OWNS; i++) {
            free(s->owned[i]);
        }
        for (int i = 0; i < s->held_count; i++) {
            PMPI_Type_free(&s->held[i]);
        }
        free(s->held);
        mse_tree_free(&s->tree);
        mse_comm_release(s->comm);
        free(s);
        s = then;
    }
}
