/* The receive side of the rank (EmulatedComm.receive, probeAny, pollAny): every blocking receive waits for the
 * emulator's grant on its socket before it touches MPI, then receives exactly the granted source and tag, so a
 * wildcard receive completes in virtual-time order with MPI's real status. A grant may also say what the next
 * receive of the same pattern takes (GRANT_AHEAD), or a FORECAST may have said it: that receive asks nothing. */
#include <stdlib.h>
#include <string.h>

#include "rank.h"

static void forget_decided(void) {
    mse_self.has_decided = 0; /* a probe or a message to itself comes between: the emulator forgot it too */
}

/* The next match the emulator decided for a receive of exactly this pattern, if it told us; forgotten either way. */
static int take_decided(mse_pattern pattern, mse_envelope *next) {
    int told = mse_self.has_decided && mse_self.decided_pattern.source == pattern.source
            && mse_self.decided_pattern.tag == pattern.tag && mse_self.decided_pattern.context == pattern.context;
    if (told) {
        *next = mse_self.decided;
    }
    mse_self.has_decided = 0;
    return told;
}

/* Whether count elements of type lie in one contiguous run of memory, in order: a receive into them moves bytes
 * as they come. A type that says no (a vector, an indexed type with gaps) may still be one, received packed then. */
static int contiguous(int count, MPI_Datatype type) {
    int size;
    MPI_Aint lb, extent, true_lb, true_extent;
    PMPI_Type_size(type, &size);
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
    return true_extent == size && (count <= 1 || extent == size);
}

/* MPI_Recv into a non-contiguous type as Open MPI's shared memory moves a contiguous one: the message, `elements`
 * whole elements of the type, lands in a packed buffer that the receiver pulls alone (single copy) and is then
 * unpacked. Received into the type itself, a message above the eager limit needs its sender's MPI for every fragment.
 * The status is the same: MPI counts the bytes a status holds, whatever type received them. */
static void receive_packed(mse_envelope granted, int source, int elements, mse_destination *into, MPI_Status *status) {
    void *packed = malloc(granted.bytes > 0 ? (size_t) granted.bytes : 1);
    if (packed == NULL) {
        mse_die("out of memory for a receive of %d bytes", granted.bytes);
    }
    PMPI_Recv(packed, granted.bytes, MPI_PACKED, source, granted.tag, into->route.mpi, status);
    int position = 0;
    PMPI_Unpack(packed, granted.bytes, &position, into->buf, elements, into->type, into->route.mpi);
    free(packed);
}

/* A message larger than the receive's room: Open MPI fills the room, and its status and MPI_ERR_TRUNCATE say so
 * (MPI 3.1 §3.2.4). The receive runs under MPI_ERRORS_RETURN, so that the error reaches the call the program made,
 * whose communicator's handler the caller invokes with it; the communicator's own handler is restored after. */
static int receive_truncated(mse_envelope granted, int source, mse_destination *into, MPI_Status *status) {
    MPI_Comm comm = into->route.mpi;
    MPI_Errhandler program_handler;
    PMPI_Comm_get_errhandler(comm, &program_handler);
    PMPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    int code = PMPI_Recv(into->buf, into->count, into->type, source, granted.tag, comm, status);
    PMPI_Comm_set_errhandler(comm, program_handler);
    PMPI_Errhandler_free(&program_handler);
    return code;
}

/* Receives the granted message over MPI, from exactly its source and tag on the destination's communicator (its
 * rank there: the grant names world ranks); its size must be the granted one. A
 * message of whole elements into a non-contiguous type is received packed; one that ends inside an element goes to
 * the type itself, and one larger than the room is truncated as MPI truncates it. into->error says which. The
 * program's MPI_ERROR stays as it was: the calls that complete one receive leave it alone (MPI 3.1 §3.2.5). */
static void received(mse_envelope granted, mse_destination *into) {
    if (into->fit != NULL) {
        into->fit(into, granted.bytes);
    }
    if (granted.context != into->route.context) {
        mse_die("the emulator granted a message of context %d to a receive on context %d", granted.context,
                into->route.context);
    }
    int source = mse_comm_rank(into->route.comm, granted.source);
    MPI_Status status;
    MPI_Count size;
    PMPI_Type_size_x(into->type, &size);
    into->error = MPI_SUCCESS;
    if (into->matched != NULL) { /* matched, not received: MPI_Mrecv moves its data later */
        PMPI_Mprobe(source, granted.tag, into->route.mpi, into->matched, &status);
    } else if ((MPI_Count) granted.bytes > size * (MPI_Count) into->count) {
        into->error = receive_truncated(granted, source, into, &status);
    } else if (!contiguous(into->count, into->type) && size > 0 && granted.bytes % size == 0) {
        receive_packed(granted, source, (int) (granted.bytes / size), into, &status);
    } else {
        PMPI_Recv(into->buf, into->count, into->type, source, granted.tag, into->route.mpi, &status);
    }
    int bytes;
    PMPI_Get_count(&status, MPI_BYTE, &bytes);
    if (bytes != granted.bytes) {
        mse_die("the emulator granted %d bytes from rank %d (tag %d) but MPI delivered %d", granted.bytes,
                granted.source, granted.tag, bytes);
    }
    if (into->status != MPI_STATUS_IGNORE) {
        status.MPI_ERROR = into->status->MPI_ERROR;
        *into->status = status;
    }
}

mse_pattern mse_pattern_on(mse_route route, int source, int tag) {
    return (mse_pattern) {source == MPI_ANY_SOURCE ? MSE_ANY : mse_world_rank(route.comm, source),
                          tag == MPI_ANY_TAG ? MSE_ANY : tag, route.context};
}

void mse_receive_into(mse_pattern pattern, mse_destination *into) {
    mse_envelope told;
    int known = take_decided(pattern, &told)
            || (pattern.source == MSE_ANY && mse_link_forecast(&mse_self.link, pattern, &told));
    mse_fact fact = {.type = MSE_RECEIVE, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .peer = pattern.source,
                     .tag = pattern.tag, .context = pattern.context, .needs_answer = !known};
    if (known) {
        /* Out go the facts up to here at once (the sends among them are what other ranks' grants wait for), then
         * the receive takes the message the emulator told us of. */
        mse_report(&fact);
        mse_flush();
        received(told, into);
        return;
    }
    mse_reply answer;
    mse_ask(&fact, &answer);
    if (answer.type == MSE_FORECAST) {
        received(answer.next, into); /* decided while this rank ran, sent before the ask reached the emulator */
        return;
    }
    if (answer.has_next) {
        mse_self.has_decided = 1;
        mse_self.decided_pattern = pattern;
        mse_self.decided = answer.next;
    }
    received(answer.granted, into);
}

void mse_receive_announce(mse_pattern pattern) {
    forget_decided(); /* another receive comes between: the emulator forgets it too */
    mse_fact fact = {.type = MSE_RECEIVE, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .peer = pattern.source,
                     .tag = pattern.tag, .context = pattern.context, .needs_answer = 0};
    mse_report(&fact);
    mse_flush();
}

void mse_receive_announced(mse_envelope message, mse_destination *into) {
    received(message, into);
}

/* A blocking probe: one pattern is MPI_Probe's PROBE, several (MPI_Waitany) a PROBE_ANY, of any length (the link sends
 * what does not fit one frame ahead in PATTERNS facts). */
static mse_envelope probe_blocking(void *ctx, const mse_pattern *patterns, int count) {
    (void) ctx;
    forget_decided();
    mse_fact fact = {.type = count == 1 ? MSE_PROBE : MSE_PROBE_ANY, .rank = mse_self.rank, .cpu_nanos = mse_charge(),
                     .peer = patterns[0].source, .tag = patterns[0].tag, .context = patterns[0].context,
                     .pattern_count = count, .patterns = patterns};
    mse_reply grant;
    mse_ask(&fact, &grant);
    return grant.granted;
}

/* As of the rank's virtual now: the emulator answers once no earlier arrival is possible. */
static int poll_now(void *ctx, const mse_pattern *patterns, int count, mse_envelope *first) {
    (void) ctx;
    forget_decided();
    mse_fact fact = {.type = MSE_PROBE_ANY, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .as_of_now = 1,
                     .pattern_count = count, .patterns = patterns};
    mse_reply answer;
    mse_ask(&fact, &answer);
    if (answer.type == MSE_NOTHING_ARRIVED) {
        return 0;
    }
    *first = answer.granted;
    return 1;
}

static void take(void *ctx, mse_pattern wanted, void *target) {
    (void) ctx;
    mse_receive_into(wanted, target);
}

void mse_rank_side_init(void) {
    mse_self.side = (mse_side) {.probe = probe_blocking, .poll = poll_now, .take = take};
    mse_self.posted.side = &mse_self.side;
}
