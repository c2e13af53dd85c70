/* Reading the event stream: one record a line, fields separated by single spaces, numbers in decimal. A malformed
 * line ends the reading naming its number, since the stream is the emulator's own and a bad one is a bug. */
#include "events.h"

#include "comms.h"
#include "requests.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A line is at most this long: numbers are short and names are a host's or a rank's. */
#define LINE_MAX_BYTES 4096

static int fail(char *error, size_t size, size_t line, const char *what) {
    snprintf(error, size, "event stream line %zu: %s", line, what);
    return -1;
}

/* The next space-separated unsigned decimal of *cursor, which moves past it. */
static int next_number(char **cursor, uint64_t *value) {
    char *text = *cursor;
    if (*text < '0' || *text > '9') {
        return -1;
    }
    errno = 0;
    char *end;
    unsigned long long parsed = strtoull(text, &end, 10);
    if (errno != 0 || (*end != ' ' && *end != '\0')) {
        return -1;
    }
    *value = parsed;
    *cursor = *end == ' ' ? end + 1 : end;
    return 0;
}

/* `count` numbers, the whole rest of the line when `rest` is NULL, else followed by a space and text. */
static int numbers(char *cursor, uint64_t *values, int count, char **rest) {
    for (int i = 0; i < count; i++) {
        if (next_number(&cursor, &values[i]) != 0) {
            return -1;
        }
    }
    if (rest != NULL) {
        *rest = cursor;
        return *cursor == '\0' ? -1 : 0;
    }
    return *cursor == '\0' ? 0 : -1;
}

/* The rank's slot, the table grown to hold it. */
static struct trace_rank *rank_slot(struct trace *trace, uint64_t rank) {
    if (rank >= INT32_MAX) {
        return NULL;
    }
    if (rank >= trace->rank_count) {
        size_t count = (size_t) rank + 1;
        struct trace_rank *grown = realloc(trace->ranks, count * sizeof *grown);
        if (grown == NULL) {
            return NULL;
        }
        for (size_t r = trace->rank_count; r < count; r++) {
            grown[r] = (struct trace_rank) {.host = -1};
        }
        trace->ranks = grown;
        trace->rank_count = count;
    }
    return &trace->ranks[rank];
}

static int add_event(struct trace *trace, uint64_t rank, struct trace_event event) {
    struct trace_rank *slot = rank_slot(trace, rank);
    if (slot == NULL) {
        return -1;
    }
    if (slot->count == slot->capacity) {
        size_t capacity = slot->capacity == 0 ? 64 : 2 * slot->capacity;
        struct trace_event *grown = realloc(slot->events, capacity * sizeof *grown);
        if (grown == NULL) {
            return -1;
        }
        slot->events = grown;
        slot->capacity = capacity;
    }
    event.sequence = trace->sequence++;
    slot->events[slot->count++] = event;
    if (event.time > trace->end) {
        trace->end = event.time;
    }
    return 0;
}

static int region_of(const char *kind, char **rest) {
    static const char *const names[] = {[REGION_COMPUTE] = "compute", [REGION_SEND] = "send", [REGION_RECV] = "recv"};
    for (int region = REGION_COMPUTE; region <= REGION_RECV; region++) {
        size_t length = strlen(names[region]);
        if (strncmp(kind, names[region], length) == 0 && kind[length] == ' ') {
            *rest = (char *) kind + length + 1;
            return region;
        }
    }
    return -1;
}

/* span RANK KIND START END TASK PEER TAG BYTES: a charged span, entered and left. Task, peer, tag and bytes are
 * the timeline's; the archive has them from the message events. */
static int read_span(struct trace *trace, char *fields) {
    char *rest;
    int region;
    uint64_t rank, v[2];
    char *after_rank = fields;
    if (next_number(&after_rank, &rank) != 0 || (region = region_of(after_rank, &rest)) < 0
        || numbers(rest, v, 2, &rest) != 0 || strspn(rest, "-0123456789 ") != strlen(rest) || v[1] < v[0]) {
        return -1;
    }
    struct trace_event enter = {.time = v[0], .kind = KIND_ENTER, .region = (uint8_t) region};
    struct trace_event leave = {.time = v[1], .kind = KIND_LEAVE, .region = (uint8_t) region};
    return add_event(trace, rank, enter) == 0 && add_event(trace, rank, leave) == 0 ? 0 : -1;
}

/* critical RANK START END: a stretch of the run's critical path on the rank, entered and left once every call of the
 * rank is known (complete). */
static int read_critical(struct trace *trace, char *fields) {
    uint64_t v[3];
    struct trace_rank *slot;
    if (numbers(fields, v, 3, NULL) != 0 || v[2] < v[1] || (slot = rank_slot(trace, v[0])) == NULL) {
        return -1;
    }
    struct trace_stretch *grown = realloc(slot->stretches, (slot->stretch_count + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    slot->stretches = grown;
    slot->stretches[slot->stretch_count++] = (struct trace_stretch) {.start = v[1], .end = v[2]};
    if (v[2] > trace->end) {
        trace->end = v[2];
    }
    return 0;
}

/* The index of the call named `name` in trace.calls, added when new; -1 when out of memory. */
static int64_t call_index(struct trace *trace, const char *name) {
    for (size_t i = 0; i < trace->call_count; i++) {
        if (strcmp(trace->calls[i], name) == 0) {
            return (int64_t) i;
        }
    }
    char **grown = realloc(trace->calls, (trace->call_count + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    trace->calls = grown;
    if ((trace->calls[trace->call_count] = strdup(name)) == NULL) {
        return -1;
    }
    return (int64_t) trace->call_count++;
}

/* A signed decimal of at least -1 and below INT32_MAX at *cursor, followed by a space; *cursor moves past both. */
static int next_signed(char **cursor, int32_t *value) {
    errno = 0;
    char *end;
    long long parsed = strtoll(*cursor, &end, 10);
    if (errno != 0 || end == *cursor || *end != ' ' || end[1] == '\0' || parsed < -1 || parsed >= INT32_MAX) {
        return -1;
    }
    *value = (int32_t) parsed;
    *cursor = end + 1;
    return 0;
}

/* call RANK START END ROOT COMM NAME: an MPI call the rank was in, entered and left; a collective's begin and end inside
 * it, with its root (-1: none) and its communicator's id (-1: not told). A call that takes no time keeps the stream's
 * order (KIND_CALL_INSTANT). */
static int read_call(struct trace *trace, char *fields) {
    uint64_t v[3];
    char *name;
    int32_t root, comm;
    if (numbers(fields, v, 3, &name) != 0 || v[2] < v[1] || v[0] >= INT32_MAX || next_signed(&name, &root) != 0
        || next_signed(&name, &comm) != 0) {
        return -1;
    }
    int64_t call = call_index(trace, name);
    if (call < 0) {
        return -1;
    }
    uint32_t region = REGION_COUNT + (uint32_t) call, peer = root < 0 ? UINT32_MAX : (uint32_t) root;
    int32_t context = comm < 0 ? -1 : 2 * comm;
    /* a nonblocking collective (MPI_Ibcast) begins and ends as its request does, not in its starting call */
    int collective = trace_collective_of(name) != COLLECTIVE_NONE && name[4] != 'I';
    struct trace_rank *slot = rank_slot(trace, v[0]);
    if (slot == NULL) {
        return -1;
    }
    size_t requests = 0; /* the rank's request lines just before this call line, which are this call's */
    while (requests < slot->count && slot->events[slot->count - 1 - requests].pending) {
        requests++;
    }
    struct trace_event *told = requests == 0 ? NULL : malloc(requests * sizeof *told);
    if (requests > 0 && told == NULL) {
        return -1;
    }
    if (requests > 0) {
        memcpy(told, slot->events + slot->count - requests, requests * sizeof *told);
    }
    slot->count -= requests;
    int instant = v[1] == v[2], status = 0;
    static const uint8_t marks[] = {INSTANT_ENTER, INSTANT_REQUEST, INSTANT_COLLECTIVE_BEGIN, INSTANT_COLLECTIVE_END, INSTANT_COMPLETE,
                                    INSTANT_LEAVE};
    static const uint8_t kinds[] = {KIND_CALL_ENTER, KIND_REQUEST, KIND_COLLECTIVE_BEGIN, KIND_COLLECTIVE_END, KIND_COMPLETE,
                                    KIND_CALL_LEAVE};
    for (size_t m = 0; m < sizeof marks && status == 0; m++) {
        int begins = marks[m] <= INSTANT_COLLECTIVE_BEGIN;
        if (marks[m] == INSTANT_REQUEST || marks[m] == INSTANT_COMPLETE) {
            uint8_t wanted = marks[m] == INSTANT_REQUEST ? KIND_REQUEST : KIND_COMPLETE;
            for (size_t r = 0; r < requests && status == 0; r++) {
                if (told[r].kind == wanted) {
                    struct trace_event e = told[r];
                    e.time = begins ? v[1] : v[2];
                    e.pending = 0;
                    e.region = wanted == KIND_REQUEST ? region : e.region; /* a start names its call: the collective's operation */
                    e.peer = wanted == KIND_REQUEST && e.tags > 0 ? peer : e.peer;
                    e.kind = instant ? KIND_CALL_INSTANT : wanted;
                    e.instant = marks[m];
                    status = add_event(trace, v[0], e);
                }
            }
        } else if (collective || (marks[m] != INSTANT_COLLECTIVE_BEGIN && marks[m] != INSTANT_COLLECTIVE_END)) {
            int collective_mark = marks[m] == INSTANT_COLLECTIVE_BEGIN || marks[m] == INSTANT_COLLECTIVE_END;
            struct trace_event e = {.time = begins ? v[1] : v[2], .kind = instant ? KIND_CALL_INSTANT : kinds[m], .instant = marks[m],
                                    .region = region, .peer = collective_mark ? peer : 0, .context = collective_mark ? context : 0};
            status = add_event(trace, v[0], e);
        }
    }
    free(told);
    return status;
}

/* request RANK ID CONTEXT FIRST_TAG TAGS: the next call line of RANK started its request ID, a receive (TAGS 0) or a
 * nonblocking collective whose messages travel on CONTEXT with the tags FIRST_TAG .. FIRST_TAG + TAGS - 1. */
static int read_request(struct trace *trace, char *fields) {
    uint64_t v[3], tags;
    int32_t first_tag;
    char *rest;
    if (numbers(fields, v, 3, &rest) != 0 || v[0] >= INT32_MAX || v[1] > UINT32_MAX || v[2] >= INT32_MAX || next_signed(&rest, &first_tag) != 0
        || numbers(rest, &tags, 1, NULL) != 0 || tags > UINT32_MAX || (tags > 0 && first_tag < 0)) {
        return -1;
    }
    struct trace_event e = {.kind = KIND_REQUEST, .request = (uint32_t) v[1], .context = (int32_t) v[2], .tag = (uint32_t) first_tag,
                            .tags = (uint32_t) tags, .peer = UINT32_MAX, .pending = 1};
    return add_event(trace, v[0], e);
}

/* complete RANK ID SOURCE TAG CONTEXT BYTES: the next call line of RANK completed its request ID, a receive of a
 * message from world rank SOURCE with TAG on CONTEXT of BYTES bytes; -1 -1 -1 0 for a nonblocking collective or a
 * cancelled receive. */
static int read_complete(struct trace *trace, char *fields) {
    uint64_t v[2], bytes;
    int32_t source, tag, context;
    char *rest;
    if (numbers(fields, v, 2, &rest) != 0 || v[0] >= INT32_MAX || v[1] > UINT32_MAX || next_signed(&rest, &source) != 0
        || next_signed(&rest, &tag) != 0 || next_signed(&rest, &context) != 0 || numbers(rest, &bytes, 1, NULL) != 0) {
        return -1;
    }
    struct trace_event e = {.kind = KIND_COMPLETE, .request = (uint32_t) v[1], .peer = source < 0 ? UINT32_MAX : (uint32_t) source,
                            .tag = (uint32_t) tag, .context = context, .bytes = bytes, .pending = 1};
    return add_event(trace, v[0], e);
}

/* comm RANK ID LEADER SIZE INDEX PARENT CALL: RANK is member INDEX of the communicator ID of SIZE members whose first is
 * LEADER, made from the communicator PARENT by CALL. */
static int read_comm(struct trace *trace, char *fields) {
    uint64_t v[6];
    char *call;
    if (numbers(fields, v, 6, &call) != 0 || v[0] >= INT32_MAX || v[1] >= INT32_MAX || v[2] >= INT32_MAX || v[3] >= INT32_MAX
        || v[4] >= v[3] || v[5] >= INT32_MAX || rank_slot(trace, v[0]) == NULL) {
        return -1;
    }
    return trace_comm_member(trace, (uint32_t) v[0], (int32_t) v[1], (uint32_t) v[2], (uint32_t) v[3], (uint32_t) v[4],
                             (int32_t) v[5], call);
}

enum trace_collective trace_collective_of(const char *call) {
    static const char *const names[] = {
        [COLLECTIVE_BARRIER] = "barrier", [COLLECTIVE_BCAST] = "bcast", [COLLECTIVE_GATHER] = "gather",
        [COLLECTIVE_GATHERV] = "gatherv", [COLLECTIVE_SCATTER] = "scatter", [COLLECTIVE_SCATTERV] = "scatterv",
        [COLLECTIVE_ALLGATHER] = "allgather", [COLLECTIVE_ALLGATHERV] = "allgatherv", [COLLECTIVE_ALLTOALL] = "alltoall",
        [COLLECTIVE_REDUCE] = "reduce", [COLLECTIVE_ALLREDUCE] = "allreduce", [COLLECTIVE_ALLTOALLV] = "alltoallv",
        [COLLECTIVE_ALLTOALLW] = "alltoallw", [COLLECTIVE_SCAN] = "scan", [COLLECTIVE_EXSCAN] = "exscan",
        [COLLECTIVE_REDUCE_SCATTER] = "reduce_scatter", [COLLECTIVE_REDUCE_SCATTER_BLOCK] = "reduce_scatter_block"};
    if (strncmp(call, "MPI_", 4) != 0) {
        return COLLECTIVE_NONE;
    }
    const char *rest = call + 4;
    if ((rest[0] == 'I' || rest[0] == 'i') && strcasecmp(rest, "iprobe") != 0) {
        rest++; /* MPI_Ibcast is a broadcast too */
    }
    for (int c = COLLECTIVE_BARRIER; c <= COLLECTIVE_REDUCE_SCATTER_BLOCK; c++) {
        if (strcasecmp(rest, names[c]) == 0) {
            return (enum trace_collective) c;
        }
    }
    return COLLECTIVE_NONE;
}

enum trace_call_kind trace_call_kind_of(const char *call) {
    static const char *const nonblocking_sends[] = {"MPI_Isend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend", "MPI_Start",
                                                    "MPI_Startall"};
    static const char *const completions[] = {"MPI_Wait", "MPI_Waitany", "MPI_Waitall", "MPI_Waitsome", "MPI_Test",
                                              "MPI_Testany", "MPI_Testall", "MPI_Testsome", "MPI_Request_get_status"};
    for (size_t i = 0; i < sizeof nonblocking_sends / sizeof *nonblocking_sends; i++) {
        if (strcmp(call, nonblocking_sends[i]) == 0) {
            return CALL_SENDS_NONBLOCKING;
        }
    }
    for (size_t i = 0; i < sizeof completions / sizeof *completions; i++) {
        if (strcmp(call, completions[i]) == 0) {
            return CALL_COMPLETES_REQUESTS;
        }
    }
    return CALL_PLAIN;
}

/* message SEQUENCE SOURCE DESTINATION TAG BYTES SEND RECEIVE_START RECEIVE_END CONTEXT: MpiSend on the source when
 * the send starts, MpiRecv on the destination when the receive completes, on the communicator of CONTEXT. */
static int read_message(struct trace *trace, char *fields) {
    uint64_t v[9];
    if (numbers(fields, v, 9, NULL) != 0 || v[3] > UINT32_MAX || v[1] >= INT32_MAX || v[2] >= INT32_MAX || v[8] >= INT32_MAX) {
        return -1;
    }
    int32_t context = (int32_t) v[8];
    struct trace_event send = {.time = v[5], .kind = KIND_MPI_SEND, .peer = (uint32_t) v[2], .tag = (uint32_t) v[3], .bytes = v[4],
                               .context = context};
    struct trace_event recv = {.time = v[7], .kind = KIND_MPI_RECV, .peer = (uint32_t) v[1], .tag = (uint32_t) v[3], .bytes = v[4],
                               .context = context};
    return add_event(trace, v[1], send) == 0 && add_event(trace, v[2], recv) == 0 ? 0 : -1;
}

static int read_host(struct trace *trace, char *fields) {
    char *name;
    uint64_t id;
    if (numbers(fields, &id, 1, &name) != 0 || id != trace->host_count) {
        return -1; /* hosts are numbered 0, 1, ... in order */
    }
    char **grown = realloc(trace->hosts, (trace->host_count + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    trace->hosts = grown;
    if ((trace->hosts[trace->host_count] = strdup(name)) == NULL) {
        return -1;
    }
    trace->host_count++;
    return 0;
}

static int read_rank(struct trace *trace, char *fields) {
    char *name;
    uint64_t v[2];
    if (numbers(fields, v, 2, &name) != 0 || v[1] >= trace->host_count) {
        return -1;
    }
    struct trace_rank *slot = rank_slot(trace, v[0]);
    if (slot == NULL || slot->name != NULL) {
        return -1;
    }
    slot->host = (int32_t) v[1];
    return (slot->name = strdup(name)) == NULL ? -1 : 0;
}

static int read_line(struct trace *trace, char *line) {
    if (strncmp(line, "span ", 5) == 0) {
        return read_span(trace, line + 5);
    }
    if (strncmp(line, "message ", 8) == 0) {
        return read_message(trace, line + 8);
    }
    if (strncmp(line, "call ", 5) == 0) {
        return read_call(trace, line + 5);
    }
    if (strncmp(line, "critical ", 9) == 0) {
        return read_critical(trace, line + 9);
    }
    if (strncmp(line, "comm ", 5) == 0) {
        return read_comm(trace, line + 5);
    }
    if (strncmp(line, "request ", 8) == 0) {
        return read_request(trace, line + 8);
    }
    if (strncmp(line, "complete ", 9) == 0) {
        return read_complete(trace, line + 9);
    }
    if (strncmp(line, "host ", 5) == 0) {
        return read_host(trace, line + 5);
    }
    if (strncmp(line, "rank ", 5) == 0) {
        return read_rank(trace, line + 5);
    }
    if (strncmp(line, "end ", 4) == 0) {
        uint64_t end;
        if (numbers(line + 4, &end, 1, NULL) != 0) {
            return -1;
        }
        trace->end = end > trace->end ? end : trace->end;
        return 0;
    }
    return -1;
}

static int by_time_then_kind(const void *a, const void *b) {
    const struct trace_event *x = a, *y = b;
    if (x->time != y->time) {
        return x->time < y->time ? -1 : 1;
    }
    if (x->kind != y->kind) {
        return x->kind < y->kind ? -1 : 1;
    }
    return x->sequence < y->sequence ? -1 : x->sequence > y->sequence;
}

/* The call among `calls` (sorted, apart) that t falls strictly inside, or NULL. */
static const struct trace_stretch *call_around(const struct trace_stretch *calls, size_t count, uint64_t t) {
    size_t low = 0, high = count; /* the first call entered at or after t is calls[low] */
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (calls[middle].start < t) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low > 0 && calls[low - 1].end > t ? &calls[low - 1] : NULL;
}

static int by_start(const void *a, const void *b) {
    const struct trace_stretch *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* The critical path's stretches of a rank, each widened to the whole of a call it begins or ends inside (a region
 * must not end inside another it did not enclose), overlaps merged, entered and left. */
static int add_critical(struct trace *trace, size_t r) {
    struct trace_rank *rank = &trace->ranks[r];
    size_t count = 0;
    struct trace_stretch *calls = malloc((rank->count / 2 + 1) * sizeof *calls);
    if (calls == NULL) {
        return -1;
    }
    for (size_t i = 0; i < rank->count; i++) { /* sorted: a rank's calls follow one another */
        if (rank->events[i].kind == KIND_CALL_ENTER) {
            calls[count].start = rank->events[i].time;
        } else if (rank->events[i].kind == KIND_CALL_LEAVE) {
            calls[count++].end = rank->events[i].time;
        }
    }
    for (size_t i = 0; i < rank->stretch_count; i++) {
        struct trace_stretch *s = &rank->stretches[i];
        const struct trace_stretch *call = call_around(calls, count, s->start);
        s->start = call != NULL ? call->start : s->start;
        call = call_around(calls, count, s->end);
        s->end = call != NULL ? call->end : s->end;
    }
    free(calls);
    qsort(rank->stretches, rank->stretch_count, sizeof *rank->stretches, by_start);
    size_t kept = 0;
    for (size_t i = 0; i < rank->stretch_count; i++) {
        if (kept > 0 && rank->stretches[i].start < rank->stretches[kept - 1].end) {
            struct trace_stretch *last = &rank->stretches[kept - 1];
            last->end = rank->stretches[i].end > last->end ? rank->stretches[i].end : last->end;
        } else {
            rank->stretches[kept++] = rank->stretches[i];
        }
    }
    rank->stretch_count = kept;
    for (size_t i = 0; i < kept; i++) {
        struct trace_event enter = {.time = rank->stretches[i].start, .kind = KIND_CRITICAL_ENTER, .region = REGION_CRITICAL};
        struct trace_event leave = {.time = rank->stretches[i].end, .kind = KIND_CRITICAL_LEAVE, .region = REGION_CRITICAL};
        if (add_event(trace, r, enter) != 0 || add_event(trace, r, leave) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Each collective's end gets the bytes its rank sent and received between its begin and it. */
static void count_collective_bytes(struct trace_rank *rank) {
    uint64_t sent = 0, received = 0;
    for (size_t i = 0; i < rank->count; i++) {
        struct trace_event *e = &rank->events[i];
        int begins = e->kind == KIND_COLLECTIVE_BEGIN || (e->kind == KIND_CALL_INSTANT && e->instant == INSTANT_COLLECTIVE_BEGIN);
        int ends = e->kind == KIND_COLLECTIVE_END || (e->kind == KIND_CALL_INSTANT && e->instant == INSTANT_COLLECTIVE_END);
        if (begins) {
            sent = received = 0;
        } else if (e->kind == KIND_MPI_SEND) {
            sent += e->bytes;
        } else if (e->kind == KIND_MPI_RECV) {
            received += e->bytes;
        } else if (ends) {
            e->bytes = sent;
            e->received = received;
        }
    }
}

/* Every rank named (one the stream never named is "rank N" on the first host), enclosed in the program region
 * and sorted, its critical path marked around its calls. */
static int complete(struct trace *trace, char *error, size_t error_size) {
    if (trace->rank_count == 0 || trace->host_count == 0) {
        snprintf(error, error_size, "event stream: no ranks or no hosts");
        return -1;
    }
    for (size_t r = 0; r < trace->rank_count; r++) {
        struct trace_rank *rank = &trace->ranks[r];
        if (rank->name == NULL) {
            char name[32];
            snprintf(name, sizeof name, "rank %zu", r);
            rank->host = 0;
            if ((rank->name = strdup(name)) == NULL) {
                return fail(error, error_size, 0, "out of memory");
            }
        }
        struct trace_event enter = {.time = 0, .kind = KIND_PROGRAM_ENTER, .region = REGION_PROGRAM};
        struct trace_event leave = {.time = trace->end, .kind = KIND_PROGRAM_LEAVE, .region = REGION_PROGRAM};
        if (add_event(trace, r, enter) != 0 || add_event(trace, r, leave) != 0) {
            return fail(error, error_size, 0, "out of memory");
        }
        qsort(rank->events, rank->count, sizeof *rank->events, by_time_then_kind);
        if (rank->stretch_count > 0) {
            if (add_critical(trace, r) != 0) {
                return fail(error, error_size, 0, "out of memory");
            }
            qsort(rank->events, rank->count, sizeof *rank->events, by_time_then_kind);
        }
        count_collective_bytes(rank);
        if (trace_requests_match(rank) != 0) {
            return fail(error, error_size, 0, "a request line with no call line after it");
        }
    }
    return trace_comms_resolve(trace, error, error_size);
}

int trace_read(FILE *in, struct trace *trace, char *error, size_t error_size) {
    *trace = (struct trace) {0};
    char line[LINE_MAX_BYTES];
    size_t number = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        number++;
        size_t length = strlen(line);
        if (length == 0 || line[length - 1] != '\n') {
            return fail(error, error_size, number, "too long or not ended by a newline");
        }
        line[length - 1] = '\0';
        if (number == 1) {
            if (strcmp(line, TRACE_STREAM_HEADER) != 0) {
                return fail(error, error_size, number, "not an MSE event stream of this version (expected '" TRACE_STREAM_HEADER "')");
            }
        } else if (read_line(trace, line) != 0) {
            return fail(error, error_size, number, "malformed");
        }
    }
    if (ferror(in)) {
        return fail(error, error_size, number, "read error");
    }
    if (number == 0) {
        return fail(error, error_size, 0, "empty");
    }
    return complete(trace, error, error_size);
}

void trace_free(struct trace *trace) {
    trace_comms_free(trace);
    for (size_t r = 0; r < trace->rank_count; r++) {
        free(trace->ranks[r].events);
        free(trace->ranks[r].stretches);
        free(trace->ranks[r].name);
    }
    for (size_t h = 0; h < trace->host_count; h++) {
        free(trace->hosts[h]);
    }
    for (size_t c = 0; c < trace->call_count; c++) {
        free(trace->calls[c]);
    }
    free(trace->ranks);
    free(trace->hosts);
    free(trace->calls);
    *trace = (struct trace) {0};
}
