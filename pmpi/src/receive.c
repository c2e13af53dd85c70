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
            && mse_self.decided_pattern.tag == pattern.tag;
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
static void receive_packed(mse_envelope granted, int elements, mse_destination *into, MPI_Status *status) {
    void *packed = malloc(granted.bytes > 0 ? (size_t) granted.bytes : 1);
    if (packed == NULL) {
        mse_die("out of memory for a receive of %d bytes", granted.bytes);
    }
    PMPI_Recv(packed, granted.bytes, MPI_PACKED, granted.source, granted.tag, MPI_COMM_WORLD, status);
    int position = 0;
    PMPI_Unpack(packed, granted.bytes, &position, into->buf, elements, into->type, MPI_COMM_WORLD);
    free(packed);
}

/* A message larger than the receive's room: Open MPI fills the room, and its status and MPI_ERR_TRUNCATE say so
 * (MPI 3.1 §3.2.4). The receive runs under MPI_ERRORS_RETURN, so that the error reaches the call the program made,
 * whose communicator's handler the caller invokes with it; MPI_COMM_WORLD's own handler is restored after. */
static int receive_truncated(mse_envelope granted, mse_destination *into, MPI_Status *status) {
    MPI_Errhandler program_handler;
    PMPI_Comm_get_errhandler(MPI_COMM_WORLD, &program_handler);
    PMPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int code = PMPI_Recv(into->buf, into->count, into->type, granted.source, granted.tag, MPI_COMM_WORLD, status);
    PMPI_Comm_set_errhandler(MPI_COMM_WORLD, program_handler);
    PMPI_Errhandler_free(&program_handler);
    return code;
}

/* Receives the granted message over MPI, from exactly its source and tag; its size must be the granted one. A
 * message of whole elements into a non-contiguous type is received packed; one that ends inside an element goes to
 * the type itself, and one larger than the room is truncated as MPI truncates it. into->error says which. The
 * program's MPI_ERROR stays as it was: the calls that complete one receive leave it alone (MPI 3.1 §3.2.5). */
static void received(mse_envelope granted, mse_destination *into) {
    if (into->fit != NULL) {
        into->fit(into, granted.bytes);
    }
    MPI_Status status;
    MPI_Count size;
    PMPI_Type_size_x(into->type, &size);
    into->error = MPI_SUCCESS;
    if (into->matched != NULL) { /* matched, not received: MPI_Mrecv moves its data later */
        PMPI_Mprobe(granted.source, granted.tag, MPI_COMM_WORLD, into->matched, &status);
    } else if ((MPI_Count) granted.bytes > size * (MPI_Count) into->count) {
        into->error = receive_truncated(granted, into, &status);
    } else if (!contiguous(into->count, into->type) && size > 0 && granted.bytes % size == 0) {
        receive_packed(granted, (int) (granted.bytes / size), into, &status);
    } else {
        PMPI_Recv(into->buf, into->count, into->type, granted.source, granted.tag, MPI_COMM_WORLD, &status);
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

void mse_receive_into(int source, int tag, mse_destination *into) {
    mse_pattern pattern = {source, tag};
    mse_envelope told;
    int known = take_decided(pattern, &told) || (source == MSE_ANY && mse_link_forecast(&mse_self.link, pattern, &told));
    mse_fact fact = {.type = MSE_RECEIVE, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .peer = source,
                     .tag = tag, .needs_answer = !known};
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

/* A blocking probe: one pattern is MPI_Probe's PROBE, several (MPI_Waitany) a PROBE_ANY, of any length (the link sends
 * what does not fit one frame ahead in PATTERNS facts). */
static mse_envelope probe_blocking(void *ctx, const mse_pattern *patterns, int count) {
    (void) ctx;
    forget_decided();
    mse_fact fact = {.type = count == 1 ? MSE_PROBE : MSE_PROBE_ANY, .rank = mse_self.rank, .cpu_nanos = mse_charge(),
                     .peer = patterns[0].source, .tag = patterns[0].tag, .pattern_count = count, .patterns = patterns};
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

static void take(void *ctx, int source, int tag, void *target) {
    (void) ctx;
    mse_receive_into(source, tag, target);
}

void mse_rank_side_init(void) {
    mse_self.side = (mse_side) {.probe = probe_blocking, .poll = poll_now, .take = take};
    mse_self.posted.side = &mse_self.side;
}
