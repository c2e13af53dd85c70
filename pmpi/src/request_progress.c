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

int mse_collectives_pending(void) {
    return pending.count;
}

mse_request *mse_collectives_first(void) {
    return pending.head;
}

/* Whether the rank has pending collectives other than r. */
static int others_pending(const mse_request *r) {
    return pending.count - (pending.head == r || r->prev_pending != NULL) > 0;
}

int mse_request_wait(MPI_Request *handle, MPI_Status *status) {
    mse_request *r = mse_request_own("MPI_Wait", *handle);
    if (others_pending(r)) { /* waits for the request and every other pending collective together */
        mse_requests_progress_first(1, handle, 1);
    }
    do {
        mse_posted_wait(&mse_self.posted, &r->posted);
    } while (!mse_request_progress(r));
    return mse_request_finish(handle, status);
}

/* Tests the request as of now, with the rank's other pending collectives in the same look: 1 once it is complete. */
static int poll(MPI_Request handle) {
    mse_request *r = (mse_request *) (void *) handle;
    if (others_pending(r)) {
        mse_requests_progress_first(1, &handle, 0);
        return mse_request_progress(r);
    }
    while (!r->posted.complete && mse_posted_test(&mse_self.posted, &r->posted)) {
        mse_request_progress(r);
    }
    return mse_request_progress(r);
}

int mse_request_test(MPI_Request *handle, MPI_Status *status, int *code) {
    mse_request_own("MPI_Test", *handle);
    if (poll(*handle)) {
        *code = mse_request_finish(handle, status);
        return 1;
    }
    return 0;
}

int mse_request_look(MPI_Request handle, MPI_Status *status) {
    mse_request *r = mse_request_own("MPI_Request_get_status", handle);
    int flag = poll(handle);
    if (flag && status != MPI_STATUS_IGNORE) {
        *status = r->status;
    }
    return flag;
}
