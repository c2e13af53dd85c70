/* The matching rules of PostedReceives.java, over the side's three primitives. */
#include "posted.h"

#include <stdlib.h>

static int matches_tag(int32_t wanted, int tag) {
    return wanted == MSE_ANY ? tag < MSE_RESERVED_TAGS_FROM : wanted == tag;
}

int mse_pattern_matches(mse_pattern p, int source, int tag) {
    return (p.source == MSE_ANY || p.source == source) && matches_tag(p.tag, tag);
}

int mse_pattern_overlaps(mse_pattern a, mse_pattern b) {
    int sources = a.source == MSE_ANY || b.source == MSE_ANY || a.source == b.source;
    /* MSE_ANY is -1, below the reserved tags: a wildcard overlaps a wildcard and every unreserved tag. */
    return sources && (a.tag == MSE_ANY ? b.tag < MSE_RESERVED_TAGS_FROM : matches_tag(b.tag, a.tag));
}

void mse_posted_add(mse_posted_list *list, mse_posted *request) {
    request->complete = 0;
    request->next = NULL;
    if (list->tail == NULL) {
        list->head = request;
    } else {
        list->tail->next = request;
    }
    list->tail = request;
}

static void unlink_pending(mse_posted_list *list, mse_posted *request) {
    mse_posted *before = NULL;
    for (mse_posted *p = list->head; p != NULL; before = p, p = p->next) {
        if (p == request) {
            if (before == NULL) {
                list->head = p->next;
            } else {
                before->next = p->next;
            }
            if (list->tail == p) {
                list->tail = before;
            }
            p->next = NULL;
            return;
        }
    }
}

int mse_posted_pending(const mse_posted_list *list, const mse_posted *request) {
    for (const mse_posted *p = list->head; p != NULL; p = p->next) {
        if (p == request) {
            return 1;
        }
    }
    return 0;
}

/* Gives the message to the earliest pending receive it matches, if any; 0 when none matches it. */
static int give_to_pending(mse_posted_list *list, mse_envelope message) {
    for (mse_posted *p = list->head; p != NULL; p = p->next) {
        if (mse_pattern_matches(p->pattern, message.source, message.tag)) {
            unlink_pending(list, p);
            list->side->take(list->side->ctx, message.source, message.tag, p->target);
            p->complete = 1;
            return 1;
        }
    }
    return 0;
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
            list->side->take(list->side->ctx, first.source, first.tag, target);
            return;
        }
    }
    list->side->take(list->side->ctx, wanted.source, wanted.tag, target);
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
            list->side->take(list->side->ctx, request->pattern.source, request->pattern.tag, request->target);
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

int mse_posted_wait_any(mse_posted_list *list, mse_posted *const *requests, int count) {
    int done = first_complete(requests, count);
    if (done >= 0) {
        return done;
    }
    mse_pattern *wanted = malloc(sizeof(mse_pattern) * (size_t) count);
    if (wanted == NULL) {
        return -1;
    }
    for (int i = 0; i < count; i++) {
        wanted[i] = requests[i]->pattern;
    }
    while (done < 0) {
        give_to_pending(list, list->side->probe(list->side->ctx, wanted, count));
        done = first_complete(requests, count);
    }
    free(wanted);
    return done;
}

/* Polls, as of the rank's virtual now, for a message any still-pending request of the set takes, and gives the first
 * to the earliest pending receive it matches: 1 when one was given, 0 when none has arrived (or none is pending). */
static int poll_set(mse_posted_list *list, mse_posted *const *requests, int count, mse_pattern *wanted) {
    int n = 0;
    for (int i = 0; i < count; i++) {
        if (!requests[i]->complete) {
            wanted[n++] = requests[i]->pattern;
        }
    }
    mse_envelope first;
    if (n == 0 || !list->side->poll(list->side->ctx, wanted, n, &first)) {
        return 0;
    }
    give_to_pending(list, first); /* a pending request of the set matches it, or an earlier receive does */
    return 1;
}

int mse_posted_test_any(mse_posted_list *list, mse_posted *const *requests, int count) {
    int done = first_complete(requests, count);
    if (done >= 0) {
        return done;
    }
    mse_pattern *wanted = malloc(sizeof(mse_pattern) * (size_t) count);
    if (wanted == NULL) {
        return -2;
    }
    while (done < 0 && poll_set(list, requests, count, wanted)) {
        done = first_complete(requests, count);
    }
    free(wanted);
    return done;
}

int mse_posted_test_some(mse_posted_list *list, mse_posted *const *requests, int count) {
    mse_pattern *wanted = malloc(sizeof(mse_pattern) * (size_t) (count > 0 ? count : 1));
    if (wanted == NULL) {
        return -1;
    }
    while (poll_set(list, requests, count, wanted)) {
    }
    free(wanted);
    return 0;
}

void mse_posted_cancel(mse_posted_list *list, mse_posted *request) {
    if (!request->complete) {
        unlink_pending(list, request);
        request->complete = 1;
    }
}
