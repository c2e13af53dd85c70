/* A nonblocking collective's request (schedule.h) moves on as each receive of its schedule completes, and every wait
 * or test of a single request moves the rank's other pending collectives on too: MPI 3.1 §5.12 lets a collective's
 * completion at one rank need another rank's progress on a collective that rank is not waiting for, and real MPI
 * progresses every pending operation in any wait. Only the program thread touches the list of pending collectives. */
#include <stdlib.h>

#include "request.h"
#include "schedule.h"

/* The rank's collectives whose schedule waits for a receive, linked through their requests, oldest first. */
static struct {
    mse_request *head, *tail;
    int count;
} pending;

static void link_pending(mse_request *r) {
    r->next_pending = NULL;
    r->prev_pending = pending.tail;
    if (pending.tail == NULL) {
        pending.head = r;
    } else {
        pending.tail->next_pending = r;
    }
    pending.tail = r;
    pending.count++;
}

static void unlink_pending(mse_request *r) {
    if (r->prev_pending == NULL) {
        pending.head = r->next_pending;
    } else {
        r->prev_pending->next_pending = r->next_pending;
    }
    if (r->next_pending == NULL) {
        pending.tail = r->prev_pending;
    } else {
        r->next_pending->prev_pending = r->prev_pending;
    }
    r->prev_pending = r->next_pending = NULL;
    pending.count--;
}

MPI_Request mse_request_collective(mse_schedule *s) {
    mse_request *r = mse_request_new(0);
    r->collective = 1;
    r->schedule = s;
    r->comm = s->comm;
    mse_comm_hold(r->comm);
    s->request = r;
    r->posted.complete = 1; /* nothing to wait for until the schedule posts its first receive */
    if (!mse_request_progress(r)) {
        link_pending(r);
    }
    return (MPI_Request) (void *) r;
}

int mse_request_progress(mse_request *r) {
    while (r->schedule != NULL && r->posted.complete) {
        mse_schedule *s = r->schedule;
        if (s->resume(s)) {
            continue; /* a receive from MPI_PROC_NULL never comes here: the trees hold ranks only */
        }
        r->schedule = s->then;
        s->then = NULL;
        mse_schedule_free(s);
        if (r->schedule != NULL) {
            r->schedule->request = r;
            continue;
        }
        mse_empty_status(&r->status); /* a collective's status says nothing (MPI 3.1 §5.12) */
        if (pending.head == r || r->prev_pending != NULL) {
            unlink_pending(r);
        }
    }
    return r->posted.complete;
}

/* Waits for (blocking) or tests the request of handle together with every other pending collective of the rank,
 * which move on meanwhile; nothing when there is no other. */
static void with_other_collectives(MPI_Request handle, int blocking) {
    mse_request *r = (mse_request *) (void *) handle;
    int others = pending.count - (pending.head == r || r->prev_pending != NULL);
    if (others == 0) {
        return;
    }
    MPI_Request *set = malloc(sizeof(MPI_Request) * (size_t) (others + 1));
    if (set == NULL) {
        mse_die("out of memory for %d pending collectives", others);
    }
    int count = 0;
    set[count++] = handle;
    for (mse_request *p = pending.head; p != NULL; p = p->next_pending) {
        if (p != r) {
            set[count++] = (MPI_Request) (void *) p;
        }
    }
    mse_requests_progress_first(count, set, blocking);
    free(set);
}

int mse_request_wait(MPI_Request *handle, MPI_Status *status) {
    mse_request *r = mse_request_own("MPI_Wait", *handle);
    with_other_collectives(*handle, 1);
    do {
        mse_posted_wait(&mse_self.posted, &r->posted);
    } while (!mse_request_progress(r));
    return mse_request_finish(handle, status);
}

int mse_request_test(MPI_Request *handle, MPI_Status *status, int *code) {
    mse_request *r = mse_request_own("MPI_Test", *handle);
    with_other_collectives(*handle, 0);
    while (!r->posted.complete && mse_posted_test(&mse_self.posted, &r->posted)) {
        mse_request_progress(r);
    }
    if (mse_request_progress(r)) {
        *code = mse_request_finish(handle, status);
        return 1;
    }
    return 0;
}
