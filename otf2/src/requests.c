/* Joining each request's completion to its start on a rank. */
#include "requests.h"

#include <stdlib.h>

int trace_event_is(const struct trace_event *e, uint8_t kind, uint8_t instant) {
    return e->kind == kind || (e->kind == KIND_CALL_INSTANT && e->instant == instant);
}

/* A receive completion and its start, by their indexes among the rank's events. */
struct joined {
    size_t start, completion;
};

static int by_start(const void *a, const void *b) {
    const struct joined *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* The bytes a nonblocking collective's rank sent (into `bytes`) and received (into `received`) between its start and its
 * completion: its messages are those on its context with its tags. */
static void count_collective(struct trace_rank *rank, size_t start, size_t completion) {
    const struct trace_event *s = &rank->events[start];
    struct trace_event *c = &rank->events[completion];
    c->bytes = c->received = 0;
    for (size_t m = start; m < completion; m++) {
        const struct trace_event *x = &rank->events[m];
        if ((x->kind == KIND_MPI_SEND || x->kind == KIND_MPI_RECV) && x->context == s->context && x->tag >= s->tag
            && x->tag - s->tag < s->tags) {
            *(x->kind == KIND_MPI_SEND ? &c->bytes : &c->received) += x->bytes;
        }
    }
}

int trace_requests_match(struct trace_rank *rank) {
    struct joined *receives = malloc((rank->count + 1) * sizeof *receives);
    if (receives == NULL) {
        return -1;
    }
    size_t count = 0;
    for (size_t i = 0; i < rank->count; i++) {
        struct trace_event *c = &rank->events[i];
        if (c->pending) {
            free(receives);
            return -1;
        }
        if (!trace_event_is(c, KIND_COMPLETE, INSTANT_COMPLETE)) {
            continue;
        }
        size_t s = i;
        int found = 0;
        while (!found && s-- > 0) {
            found = trace_event_is(&rank->events[s], KIND_REQUEST, INSTANT_REQUEST) && rank->events[s].request == c->request;
        }
        if (!found) { /* its start fell outside auto mode's windows: a receive still shows its message, a collective cannot */
            c->dropped = c->peer == UINT32_MAX;
            continue;
        }
        const struct trace_event *start = &rank->events[s];
        c->tags = start->tags;
        c->region = start->region;
        if (start->tags > 0) {
            c->peer = start->peer;
            c->context = start->context;
            count_collective(rank, s, i);
        } else if (c->peer != UINT32_MAX) {
            receives[count++] = (struct joined) {s, i};
        }
    }
    /* MPI gives messages to receives in the order they were posted: each takes the first of its message's kind after its
     * start that an earlier one did not take */
    qsort(receives, count, sizeof *receives, by_start);
    for (size_t r = 0; r < count; r++) {
        const struct trace_event *c = &rank->events[receives[r].completion];
        for (size_t m = receives[r].start; m < receives[r].completion; m++) {
            struct trace_event *x = &rank->events[m];
            if (x->kind == KIND_MPI_RECV && !x->dropped && x->peer == c->peer && x->tag == c->tag && x->context == c->context) {
                x->dropped = 1;
                break;
            }
        }
    }
    free(receives);
    return 0;
}
