/* The matching rules of PostedReceives.java, over the side's three primitives. */
#include "posted.h"

#include "patterns.h"

int mse_pattern_matches(mse_pattern p, mse_envelope message) {
    return p.context == message.context && (p.source == MSE_ANY || p.source == message.source)
            && (p.tag == MSE_ANY || p.tag == message.tag);
}

int mse_pattern_overlaps(mse_pattern a, mse_pattern b) {
    return a.context == b.context && (a.source == MSE_ANY || b.source == MSE_ANY || a.source == b.source)
            && (a.tag == MSE_ANY || b.tag == MSE_ANY || a.tag == b.tag);
}

/* The one message of exactly this source, tag and context a receive takes. */
static mse_pattern exactly(mse_envelope message) {
    return (mse_pattern) {message.source, message.tag, message.context};
}

void mse_posted_add(mse_posted_list *list, mse_posted *request) {
    request->complete = 0;
    request->set_position = 0;
    request->next = NULL;
    request->prev = list->tail;
    if (list->tail == NULL) {
        list->head = request;
    } else {
        list->tail->next = request;
    }
    list->tail = request;
}

/* Takes a pending request off the list (doubly linked: a program may complete its receives in any order). */
static void unlink_pending(mse_posted_list *list, mse_posted *request) {
    if (request->prev == NULL) {
        list->head = request->next;
    } else {
        request->prev->next = request->next;
    }
    if (request->next == NULL) {
        list->tail = request->prev;
    } else {
        request->next->prev = request->prev;
    }
    request->prev = request->next = NULL;
}

int mse_posted_pending(const mse_posted_list *list, const mse_posted *request) {
    for (const mse_posted *p = list->head; p != NULL; p = p->next) {
        if (p == request) {
            return 1;
        }
    }
    return 0;
}

/* Gives the message to the earliest pending receive it matches, if any: that receive, or NULL when none matches. */
static mse_posted *give_to_pending(mse_posted_list *list, mse_envelope message) {
    for (mse_posted *p = list->head; p != NULL; p = p->next) {
        if (mse_pattern_matches(p->pattern, message)) {
            unlink_pending(list, p);
            list->side->take(list->side->ctx, exactly(message), p->target);
            p->complete = 1;
            return p;
        }
    }
    return NULL;
}

/* True when a pending receive posted before `before` (NULL: any) could match a message `wanted` matches. */
static int overlaps_pending(const mse_posted_list *list, mse_pattern wanted, const mse_posted *before) {
    for (const mse_posted *p = list->head; p != NULL && p != before; p = p->next) {
        if (mse_pattern_overlaps(p->pattern, wanted)) {
            return 1;
        }
    }
    return 0;
}

void mse_posted_recv(mse_posted_list *list, mse_pattern wanted, void *target) {
    while (overlaps_pending(list, wanted, NULL)) {
        mse_envelope first = list->side->probe(list->side->ctx, &wanted, 1);
        if (!give_to_pending(list, first)) {
            list->side->take(list->side->ctx, exactly(first), target);
            return;
        }
    }
    list->side->take(list->side->ctx, wanted, target);
}

mse_envelope mse_posted_probe(mse_posted_list *list, mse_pattern wanted) {
    while (1) {
        mse_envelope first = list->side->probe(list->side->ctx, &wanted, 1);
        if (!give_to_pending(list, first)) {
            return first;
        }
    }
}

int mse_posted_iprobe(mse_posted_list *list, mse_pattern wanted, mse_envelope *first) {
    while (1) {
        if (!list->side->poll(list->side->ctx, &wanted, 1, first)) {
            return 0;
        }
        if (!give_to_pending(list, *first)) {
            return 1;
        }
    }
}

int mse_posted_test(mse_posted_list *list, mse_posted *request) {
    while (!request->complete) {
        mse_envelope first;
        if (!list->side->poll(list->side->ctx, &request->pattern, 1, &first)) {
            return 0;
        }
        give_to_pending(list, first); /* to this request or an earlier one that matches it too */
    }
    return 1;
}

void mse_posted_wait(mse_posted_list *list, mse_posted *request) {
    while (!request->complete) {
        if (!overlaps_pending(list, request->pattern, request)) {
            unlink_pending(list, request);
            list->side->take(list->side->ctx, request->pattern, request->target);
            request->complete = 1;
        } else {
            give_to_pending(list, list->side->probe(list->side->ctx, &request->pattern, 1));
        }
    }
}

static int first_complete(mse_posted *const *requests, int count) {
    for (int i = 0; i < count; i++) {
        if (requests[i]->complete) {
            return i;
        }
    }
    return -1;
}

/* Tallies the set's pending requests by pattern, marking each with its place (a request listed twice counts once);
 * 0, or -1 when memory runs out (untally_set undoes either). */
static int tally_set(mse_pattern_tally *tally, mse_posted *const *requests, int count) {
    mse_tally_init(tally);
    for (int i = 0; i < count; i++) {
        mse_posted *r = requests[i];
        if (!r->complete && r->set_position == 0) {
            r->set_position = i + 1;
            if (mse_tally_add(tally, r->pattern) != 0) {
                return -1;
            }
        }
    }
    return 0;
}

static void untally_set(mse_pattern_tally *tally, mse_posted *const *requests, int count) {
    for (int i = 0; i < count; i++) {
        requests[i]->set_position = 0;
    }
    mse_tally_free(tally);
}

/* Gives the message to the earliest pending receive it matches (one of the set, or an earlier receive that matches
 * it too); the set's index of the receive that took it, or -1 when it was none of the set's. */
static int give_in_set(mse_posted_list *list, mse_pattern_tally *tally, mse_envelope message) {
    mse_posted *taker = give_to_pending(list, message);
    if (taker == NULL || taker->set_position == 0) {
        return -1;
    }
    mse_tally_remove(tally, taker->pattern);
    int index = taker->set_position - 1;
    taker->set_position = 0;
    return index;
}

int mse_posted_wait_any(mse_posted_list *list, mse_posted *const *requests, int count) {
    int done = first_complete(requests, count);
    if (done >= 0) {
        return done;
    }
    mse_pattern_tally tally;
    const mse_pattern *wanted;
    int n;
    if (tally_set(&tally, requests, count) != 0) {
        untally_set(&tally, requests, count);
        return -1;
    }
    while (done < 0) { /* asks for what the set's pending requests still wait on, none covered by another */
        if (mse_tally_cover(&tally, &wanted, &n) != 0) {
            break;
        }
        done = give_in_set(list, &tally, list->side->probe(list->side->ctx, wanted, n));
    }
    untally_set(&tally, requests, count);
    return done;
}

/* Polls as of the rank's virtual now for what the set's pending requests wait on, and gives each message that has
 * arrived to its receive, until nothing more has or (stop_at_one) one of the set completed: the set's index of the
 * last of them completed, -1 when none was, -2 when memory runs out. */
static int poll_set(mse_posted_list *list, mse_posted *const *requests, int count, int stop_at_one) {
    mse_pattern_tally tally;
    if (tally_set(&tally, requests, count) != 0) {
        untally_set(&tally, requests, count);
        return -2;
    }
    int done = -1;
    while (mse_tally_live(&tally) > 0 && !(stop_at_one && done >= 0)) {
        const mse_pattern *wanted;
        int n;
        mse_envelope first;
        if (mse_tally_cover(&tally, &wanted, &n) != 0) {
            done = -2;
            break;
        }
        if (!list->side->poll(list->side->ctx, wanted, n, &first)) {
            break;
        }
        int taken = give_in_set(list, &tally, first);
        done = taken >= 0 ? taken : done;
    }
    untally_set(&tally, requests, count);
    return done;
}

int mse_posted_test_any(mse_posted_list *list, mse_posted *const *requests, int count) {
    int done = first_complete(requests, count);
    return done >= 0 ? done : poll_set(list, requests, count, 1);
}

int mse_posted_test_some(mse_posted_list *list, mse_posted *const *requests, int count) {
    return poll_set(list, requests, count, 0) == -2 ? -1 : 0;
}

int mse_posted_probe_among(mse_posted_list *list, mse_pattern wanted, mse_posted *const *requests, int count,
                           int blocking, mse_envelope *first) {
    mse_pattern_tally tally;
    if (tally_set(&tally, requests, count) != 0 || mse_tally_add(&tally, wanted) != 0) {
        untally_set(&tally, requests, count);
        return -1;
    }
    int found = 0;
    while (1) {
        const mse_pattern *patterns;
        int n;
        if (mse_tally_cover(&tally, &patterns, &n) != 0) {
            found = -1;
            break;
        }
        if (blocking) {
            *first = list->side->probe(list->side->ctx, patterns, n);
        } else if (!list->side->poll(list->side->ctx, patterns, n, first)) {
            break;
        }
        mse_posted *taker = give_to_pending(list, *first);
        if (taker == NULL) { /* none of the set's, nor an earlier receive's: wanted's */
            found = 1;
            break;
        }
        if (taker->set_position != 0) {
            mse_tally_remove(&tally, taker->pattern);
            taker->set_position = 0;
            if (blocking) {
                break;
            }
        }
    }
    untally_set(&tally, requests, count);
    return found;
}

void mse_posted_cancel(mse_posted_list *list, mse_posted *request) {
    if (!request->complete) {
        unlink_pending(list, request);
        request->complete = 1;
    }
}
