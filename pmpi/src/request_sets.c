/* The calls over a set of the library's requests: Waitany and Waitsome block as MPI_Waitany does (the emulator's
 * PROBE_ANY over the pending patterns); Testany, Testall and Testsome look as of the rank's virtual now, as MPI_Test
 * does (EmulatedComm.pollAny). Either way each message goes to the earliest-posted pending receive it matches. The
 * rank's pending collectives that the program did not pass move on with the set, as Open MPI progresses every pending
 * operation in any wait or test (request_progress.c); the call reports only the program's requests. */
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "request.h"

/* The active requests of a set (neither null nor inactive persistent ones), then the rank's other pending
 * collectives, and where each sits in the program's array (-1 for those it did not pass). */
typedef struct {
    mse_posted **posted;
    mse_request **requests;
    int *positions;
    int count, own;          /* all of them, the program's */
} active_set;

static active_set active_of(const char *call, int count, MPI_Request requests[]) {
    size_t room = (size_t) count + (size_t) mse_collectives_pending() + 1;
    active_set set = {malloc(sizeof(mse_posted *) * room), malloc(sizeof(mse_request *) * room),
                      malloc(sizeof(int) * room), 0, 0};
    if (set.posted == NULL || set.requests == NULL || set.positions == NULL) {
        mse_die("%s: out of memory for %d requests", call, count);
    }
    for (int i = 0; i < count; i++) {
        if (mse_request_active(call, requests[i])) {
            mse_request *r = mse_request_own(call, requests[i]);
            r->in_set = 1;
            set.posted[set.count] = &r->posted;
            set.requests[set.count] = r;
            set.positions[set.count++] = i;
        }
    }
    set.own = set.count;
    for (mse_request *p = mse_collectives_first(); p != NULL; p = p->next_pending) {
        if (!p->in_set) {
            set.posted[set.count] = &p->posted;
            set.requests[set.count] = p;
            set.positions[set.count++] = -1;
        }
    }
    for (int k = 0; k < set.count; k++) {
        set.requests[k]->in_set = 0;
    }
    return set;
}

static void active_free(active_set *set) {
    free(set->posted);
    free(set->requests);
    free(set->positions);
}

/* The set without its k-th request, one of the rank's own collectives (the program's keep their array order). */
static void drop(active_set *set, int k) {
    size_t after = (size_t) (set->count - k - 1);
    memmove(&set->posted[k], &set->posted[k + 1], sizeof set->posted[0] * after);
    memmove(&set->requests[k], &set->requests[k + 1], sizeof set->requests[0] * after);
    memmove(&set->positions[k], &set->positions[k + 1], sizeof set->positions[0] * after);
    set->count--;
}

/* Resumes the set's collectives whose receive completed (request.h); 1 when one of them posted its next receive,
 * which may have arrived as of now too. */
static int progress_set(const active_set *set) {
    int again = 0;
    for (int k = 0; k < set->count; k++) {
        if (set->posted[k]->complete && !mse_request_progress(set->requests[k])) {
            again = 1;
        }
    }
    return again;
}

/* Waits until a request of the program's is complete (a collective's whole schedule), the rank's other collectives
 * moving on meanwhile and leaving the set as they complete: its place in the set. */
static int wait_any(const char *call, active_set *set) {
    while (1) {
        int done;
        do {
            done = mse_posted_wait_any(&mse_self.posted, set->posted, set->count);
            if (done < 0) {
                mse_die("%s: out of memory for %d patterns", call, set->count);
            }
        } while (!mse_request_progress(set->requests[done]));
        if (set->positions[done] >= 0) {
            return done;
        }
        drop(set, done);
    }
}

/* Gives every message that has arrived as of now to its receive in the set, resuming collectives as they go. */
static void test_some(const char *call, const active_set *set) {
    do {
        if (mse_posted_test_some(&mse_self.posted, set->posted, set->count) != 0) {
            mse_die("%s: out of memory for %d patterns", call, set->count);
        }
    } while (progress_set(set));
}

int mse_requests_progress_first(int count, MPI_Request requests[], int blocking) {
    active_set set = active_of(blocking ? "MPI_Wait" : "MPI_Test", count, requests);
    mse_request *first = set.requests[0];
    if (blocking && !first->posted.complete) {
        wait_any("MPI_Wait", &set);
    } else if (!blocking) {
        test_some("MPI_Test", &set);
    }
    int complete = first->posted.complete;
    active_free(&set);
    return complete;
}

int mse_probe_progressing(mse_pattern wanted, int blocking, mse_envelope *first) {
    if (mse_collectives_pending() == 0) {
        if (blocking) {
            *first = mse_posted_probe(&mse_self.posted, wanted);
            return 1;
        }
        return mse_posted_iprobe(&mse_self.posted, wanted, first);
    }
    const char *call = blocking ? "MPI_Probe" : "MPI_Iprobe";
    active_set set = active_of(call, 0, NULL);
    int found, again;
    do {
        found = mse_posted_probe_among(&mse_self.posted, wanted, set.posted, set.count, blocking, first);
        if (found < 0) {
            mse_die("%s: out of memory for %d patterns", call, set.count + 1);
        }
        again = 0; /* a collective that took a message may need the next one, which may have arrived too */
        for (int k = set.count - 1; k >= 0; k--) { /* one that completed leaves the set */
            if (!set.posted[k]->complete) {
                continue;
            }
            if (mse_request_progress(set.requests[k])) {
                drop(&set, k);
            } else {
                again = 1;
            }
        }
    } while (!found && (blocking || again));
    active_free(&set);
    return found;
}

static MPI_Status *status_at(MPI_Status statuses[], int i) {
    return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
}

/* Finishes every complete request of the set, in array order, listing their indices, each status saying its error;
 * the number finished, and the first error among them with its request's communicator. */
static int finish_complete(active_set *set, MPI_Request requests[], int indices[], MPI_Status statuses[],
                           int *first_error, MPI_Comm *failed_on) {
    int done = 0;
    *first_error = MPI_SUCCESS;
    for (int k = 0; k < set->own; k++) {
        if (set->posted[k]->complete) {
            indices[done] = set->positions[k];
            MPI_Comm comm = mse_request_comm(requests[set->positions[k]]);
            int code = mse_request_finish(&requests[set->positions[k]], status_at(statuses, done));
            mse_status_set_error(status_at(statuses, done), code);
            if (*first_error == MPI_SUCCESS && code != MPI_SUCCESS) {
                *first_error = code;
                *failed_on = comm;
            }
            done++;
        }
    }
    return done;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status) {
    mse_begin("MPI_Waitany");
    int code = MPI_SUCCESS;
    MPI_Comm comm = MPI_COMM_WORLD;
    active_set set = active_of("MPI_Waitany", count, requests);
    if (set.own == 0) {
        *index = MPI_UNDEFINED;
        mse_empty_status(status);
    } else {
        *index = set.positions[wait_any("MPI_Waitany", &set)];
        comm = mse_request_comm(requests[*index]);
        code = mse_request_finish(&requests[*index], status);
    }
    active_free(&set);
    mse_leave();
    return mse_error("MPI_Waitany", comm, code);
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status) {
    mse_begin("MPI_Testany");
    int code = MPI_SUCCESS;
    MPI_Comm comm = MPI_COMM_WORLD;
    active_set set = active_of("MPI_Testany", count, requests);
    *index = MPI_UNDEFINED;
    *flag = set.own == 0;
    if (set.own == 0) {
        mse_empty_status(status);
    } else {
        int done;
        /* a collective that took a message may need the next one, which may have arrived too; one of the rank's own
         * that completed leaves the set */
        while ((done = mse_posted_test_any(&mse_self.posted, set.posted, set.count)) >= 0) {
            if (mse_request_progress(set.requests[done])) {
                if (set.positions[done] >= 0) {
                    break;
                }
                drop(&set, done);
            }
        }
        if (done == -2) {
            mse_die("MPI_Testany: out of memory for %d patterns", set.count);
        }
        if ((*flag = done >= 0)) {
            *index = set.positions[done];
            comm = mse_request_comm(requests[*index]);
            code = mse_request_finish(&requests[*index], status);
        }
    }
    active_free(&set);
    mse_leave();
    return mse_error("MPI_Testany", comm, code);
}

/* True only when every request is complete as of now; then all are finished, else none is (MPI_Testall). */
int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[]) {
    mse_begin("MPI_Testall");
    active_set set = active_of("MPI_Testall", count, requests);
    if (set.own > 0) { /* with nothing of the program's to complete, MPI_Testall returns at once, as Open MPI's does */
        test_some("MPI_Testall", &set);
    }
    *flag = 1;
    for (int k = 0; k < set.count; k++) {
        *flag &= set.positions[k] < 0 || set.posted[k]->complete;
    }
    int first_error = MPI_SUCCESS;
    MPI_Comm failed_on = MPI_COMM_WORLD;
    for (int i = 0; *flag && i < count; i++) {
        int code = MPI_SUCCESS;
        MPI_Comm comm = mse_request_comm(requests[i]);
        if (!mse_request_active("MPI_Testall", requests[i])) {
            mse_empty_status(status_at(statuses, i));
        } else {
            code = mse_request_finish(&requests[i], status_at(statuses, i));
        }
        mse_status_set_error(status_at(statuses, i), code);
        if (first_error == MPI_SUCCESS && code != MPI_SUCCESS) {
            first_error = code;
            failed_on = comm;
        }
    }
    active_free(&set);
    mse_leave();
    return mse_requests_error("MPI_Testall", failed_on, first_error);
}

/* Testsome, or Waitsome once one has completed: the ones complete as of now, MPI_UNDEFINED when none is active. */
static int some(const char *call, int blocking, int count, MPI_Request requests[], int *outcount, int indices[],
                MPI_Status statuses[]) {
    mse_begin(call);
    active_set set = active_of(call, count, requests);
    int first_error = MPI_SUCCESS;
    MPI_Comm failed_on = MPI_COMM_WORLD;
    *outcount = MPI_UNDEFINED;
    if (set.own > 0) {
        if (blocking) {
            wait_any(call, &set);
        }
        test_some(call, &set);
        *outcount = finish_complete(&set, requests, indices, statuses, &first_error, &failed_on);
    }
    active_free(&set);
    mse_leave();
    return mse_requests_error(call, failed_on, first_error);
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
    return some("MPI_Testsome", 0, incount, requests, outcount, indices, statuses);
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]) {
    return some("MPI_Waitsome", 1, incount, requests, outcount, indices, statuses);
}
