/* The calls over a set of the library's requests: Waitany and Waitsome block as MPI_Waitany does (the emulator's
 * PROBE_ANY over the pending patterns); Testany, Testall and Testsome look as of the rank's virtual now, as MPI_Test
 * does (EmulatedComm.pollAny). Either way each message goes to the earliest-posted pending receive it matches. */
#include <stdlib.h>

#include "errors.h"
#include "request.h"

/* The active requests of a set (neither null nor inactive persistent ones) and where each sits in the program's
 * array. */
typedef struct {
    mse_posted **posted;
    int *positions;
    int count;
} active_set;

static active_set active_of(const char *call, int count, MPI_Request requests[]) {
    size_t room = (size_t) (count > 0 ? count : 1);
    active_set set = {malloc(sizeof(mse_posted *) * room), malloc(sizeof(int) * room), 0};
    if (set.posted == NULL || set.positions == NULL) {
        mse_die("%s: out of memory for %d requests", call, count);
    }
    for (int i = 0; i < count; i++) {
        if (mse_request_active(call, requests[i])) {
            set.posted[set.count] = &mse_request_own(call, requests[i])->posted;
            set.positions[set.count++] = i;
        }
    }
    return set;
}

static void active_free(active_set *set) {
    free(set->posted);
    free(set->positions);
}

static mse_request *request_at(const active_set *set, MPI_Request requests[], int k) {
    return (mse_request *) (void *) requests[set->positions[k]];
}

/* Resumes the set's collectives whose receive completed (request.h); 1 when one of them posted its next receive,
 * which may have arrived as of now too. */
static int progress_set(const active_set *set, MPI_Request requests[]) {
    int again = 0;
    for (int k = 0; k < set->count; k++) {
        if (set->posted[k]->complete && !mse_request_progress(request_at(set, requests, k))) {
            again = 1;
        }
    }
    return again;
}

/* Waits until a request of the set is complete (a collective's whole schedule): its place in the set. */
static int wait_any(const char *call, const active_set *set, MPI_Request requests[]) {
    int done;
    do {
        done = mse_posted_wait_any(&mse_self.posted, set->posted, set->count);
        if (done < 0) {
            mse_die("%s: out of memory for %d patterns", call, set->count);
        }
    } while (!mse_request_progress(request_at(set, requests, done)));
    return done;
}

/* Gives every message that has arrived as of now to its receive in the set, resuming collectives as they go. */
static void test_some(const char *call, const active_set *set, MPI_Request requests[]) {
    do {
        if (mse_posted_test_some(&mse_self.posted, set->posted, set->count) != 0) {
            mse_die("%s: out of memory for %d patterns", call, set->count);
        }
    } while (progress_set(set, requests));
}

int mse_requests_progress_first(int count, MPI_Request requests[], int blocking) {
    active_set set = active_of(blocking ? "MPI_Wait" : "MPI_Test", count, requests);
    mse_request *first = request_at(&set, requests, 0);
    if (!blocking) {
        test_some("MPI_Test", &set, requests);
    }
    while (blocking && !first->posted.complete) { /* a collective of the others that completes leaves the set */
        int done = wait_any("MPI_Wait", &set, requests);
        set.posted[done] = set.posted[set.count - 1];
        set.positions[done] = set.positions[--set.count];
    }
    int complete = first->posted.complete;
    active_free(&set);
    return complete;
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
    for (int k = 0; k < set->count; k++) {
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
    if (set.count == 0) {
        *index = MPI_UNDEFINED;
        mse_empty_status(status);
    } else {
        *index = set.positions[wait_any("MPI_Waitany", &set, requests)];
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
    *flag = set.count == 0;
    if (set.count == 0) {
        mse_empty_status(status);
    } else {
        int done;
        do { /* a collective that took a message may need the next one, which may have arrived too */
            done = mse_posted_test_any(&mse_self.posted, set.posted, set.count);
            if (done == -2) {
                mse_die("MPI_Testany: out of memory for %d patterns", set.count);
            }
        } while (done >= 0 && !mse_request_progress(request_at(&set, requests, done)));
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
    test_some("MPI_Testall", &set, requests);
    *flag = 1;
    for (int k = 0; k < set.count; k++) {
        *flag &= set.posted[k]->complete;
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
    if (set.count > 0) {
        if (blocking) {
            wait_any(call, &set, requests);
        }
        test_some(call, &set, requests);
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
