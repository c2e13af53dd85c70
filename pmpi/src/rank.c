/* The rank's shared state: measuring the program's CPU between calls, and ending the run when something fails. */
#include "rank.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "errors.h"
#include "refusals.h"

mse_rank mse_self = {.link = {.lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1, .lower_bound_fd = -1}};

/* The call is marked begun before the meter is read, so a lower-bound reading that overlaps it says nothing. */
void mse_enter(void) {
    if (mse_self.depth++ == 0) {
        atomic_store(&mse_self.in_call, 1);
        atomic_fetch_add(&mse_self.operations_begun, 1);
        int64_t cpu = mse_cpu_meter_take(&mse_self.meter);
        atomic_fetch_add(&mse_self.unreported, cpu);
        if (mse_self.settings.cost.kind == MSE_COST_REAL) {
            mse_off_cpu_enter(&mse_self.off_cpu, mse_off_cpu_wall_now(), mse_off_cpu_switches_now(), cpu);
        }
    }
}

void mse_begin(const char *call) {
    if (!mse_self.active) {
        mse_die("%s called before MPI_Init or after MPI_Finalize", call);
    }
    mse_enter();
    if (mse_self.depth == 1 && mse_self.settings.trace_calls && !mse_self.call_open) {
        mse_call_entered(call);
    }
}

void mse_call_entered(const char *call) {
    mse_fact entered = {.type = MSE_CALL_ENTER, .rank = mse_self.rank, .cpu_nanos = mse_charge(), .call = call};
    mse_report(&entered);
    mse_self.call_open = 1;
}

void mse_leave(void) {
    if (--mse_self.depth == 0) {
        if (mse_self.call_open && !mse_self.call_continues) {
            mse_fact left = {.type = MSE_CALL_LEAVE, .rank = mse_self.rank};
            mse_report(&left);
            mse_self.call_open = 0;
        }
        mse_self.call_continues = 0;
        if (mse_self.settings.cost.kind == MSE_COST_REAL) {
            mse_off_cpu_leave(&mse_self.off_cpu, mse_off_cpu_wall_now(), mse_off_cpu_switches_now());
        }
        mse_cpu_meter_reset(&mse_self.meter);
        atomic_store(&mse_self.in_call, 0);
    }
}

int64_t mse_take_unreported(void) {
    return atomic_exchange(&mse_self.unreported, 0);
}

int64_t mse_charge(void) {
    int64_t measured = mse_take_unreported();
    return mse_cost_measured(&mse_self.settings.cost) ? measured : 0;
}

/* What the meter calibrates: leaving a call and entering the next with no program between. */
static int64_t empty_interval(void *unused) {
    (void) unused;
    mse_leave();
    mse_enter();
    return mse_take_unreported();
}

/* The CPU the program used since its last fact, read by the lower-bound thread; -1 when the reading overlaps a
 * call (whose CPU is dropped later): the link checks on its own that no fact was reported since the request. */
static int64_t cpu_since_last_fact(void *unused) {
    (void) unused;
    long before = atomic_load(&mse_self.operations_begun);
    if (atomic_load(&mse_self.in_call)) {
        return -1;
    }
    int64_t so_far = atomic_load(&mse_self.unreported) + mse_cpu_meter_since_mark(&mse_self.meter);
    return atomic_load(&mse_self.in_call) || atomic_load(&mse_self.operations_begun) != before ? -1 : so_far;
}

void mse_report_failure(const char *reason) {
    if (mse_self.active && !atomic_load(&mse_self.link.ended)) {
        mse_fact failed = {.type = MSE_FAILED, .rank = mse_self.rank, .reason = reason};
        mse_link_report(&mse_self.link, &failed);
        mse_link_flush(&mse_self.link); /* the emulator's report names the cause, not a vanished rank */
    }
}

void mse_report_error(const char *call, const char *error, const char *handler) {
    if (mse_self.active && !atomic_load(&mse_self.link.ended)) {
        mse_enter(); /* the library's own work: not the program's CPU */
        mse_fact fact = {.type = MSE_ERROR, .rank = mse_self.rank, .call = call, .error = error, .handler = handler};
        mse_report(&fact);
        mse_leave();
    }
}

_Noreturn void mse_end_run(int errorcode, const char *reason) {
    mse_report_failure(reason);
    fprintf(stderr, "mse-pmpi: rank %d: %s\n", mse_self.rank, reason);
    fflush(stderr);
    int initialized = 0, finalized = 0;
    PMPI_Initialized(&initialized);
    PMPI_Finalized(&finalized);
    if (initialized && !finalized) {
        PMPI_Abort(MPI_COMM_WORLD, errorcode);
    }
    _exit(errorcode);
}

_Noreturn void mse_die(const char *format, ...) {
    char reason[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    mse_end_run(1, reason);
}

/* How long a rank the emulator aborted because another rank failed leaves that rank to end the job itself: a rank
 * that failed under MPI_ERRORS_ARE_FATAL is inside Open MPI's handler, whose message to mpirun is cut off when this
 * rank's MPI_Abort has mpirun kill it first. The failed rank's own abort ends this one long before. */
#define OTHER_RANK_FAILED_GRACE_SECONDS 2

/* The link failed (lost, closed, aborted by the emulator): its recorded cause is the reason. */
_Noreturn static void die_of_link(void) {
    char reason[sizeof mse_self.link.failure];
    pthread_mutex_lock(&mse_self.link.lock);
    memcpy(reason, mse_self.link.failure, sizeof reason);
    pthread_mutex_unlock(&mse_self.link.lock);
    int other;
    if (sscanf(reason, "rank %d failed: ", &other) == 1 && other != mse_self.rank && strstr(reason, " failed: ") != NULL) {
        struct timespec grace = {OTHER_RANK_FAILED_GRACE_SECONDS, 0};
        nanosleep(&grace, NULL);
    }
    mse_end_run(1, reason);
}

_Noreturn void mse_refuse(const char *call) {
    const char *reason = mse_refusal_reason(call);
    if (reason != NULL) {
        mse_die("%s is not emulated by MSE: %s (docs/interposition.md lists the calls it emulates)", call, reason);
    }
    mse_die("%s is not emulated by MSE (docs/interposition.md lists the calls it emulates)", call);
}

/* MPI_Type_size_x, not the int MPI_Type_size, which gives MPI_UNDEFINED for a type of 2 GiB or more: a message the
 * wire cannot carry ends the run naming the call and the size, before anything is packed or sent. */
int mse_message_bytes(const char *call, int count, MPI_Datatype type) {
    MPI_Count size = 0;
    PMPI_Type_size_x(type, &size);
    if (count < 0) {
        mse_die("%s with count %d: a count is never negative (MPI_ERR_COUNT)", call, count);
    }
    if (size == MPI_UNDEFINED) {
        mse_die("%s of %d elements of a datatype larger than MPI_Count holds: MSE emulates messages up to 2 GiB - 1 "
                "bytes (docs/interposition.md)", call, count);
    }
    int64_t bytes;
    if (mse_wire_bytes(count, (int64_t) size, &bytes) != 0) {
        mse_die("%s of %.0Lf bytes (%d x %lld): MSE emulates messages up to 2 GiB - 1 bytes (docs/interposition.md)",
                call, (long double) count * (long double) size, count, (long long) size);
    }
    return (int) bytes;
}

void mse_report(const mse_fact *fact) {
    if (mse_link_report(&mse_self.link, fact) != 0) {
        die_of_link();
    }
}

void mse_flush(void) {
    if (mse_link_flush(&mse_self.link) != 0) {
        die_of_link();
    }
}

void mse_ask(const mse_fact *fact, mse_reply *answer) {
    if (mse_link_ask(&mse_self.link, fact, answer) != 0) {
        die_of_link();
    }
}

static const char *from_environment(const char *name) {
    return getenv(name);
}

void mse_rank_start(void) {
    PMPI_Comm_rank(MPI_COMM_WORLD, &mse_self.rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &mse_self.np);
    int *tag_ub = NULL, has_tag_ub = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &has_tag_ub);
    mse_self.tag_ub = has_tag_ub && tag_ub != NULL ? *tag_ub : 32767; /* the least MPI_TAG_UB the standard allows */
    mse_comms_start(); /* the duplicates are real collectives: made before any rank waits on the emulator */
    mse_errors_start();
    char error[256];
    if (mse_read_settings(from_environment, &mse_self.settings, error) != 0) {
        mse_die("%s", error);
    }
    mse_settings *s = &mse_self.settings;
    if (mse_link_open(&mse_self.link, s->endpoint, s->token, mse_self.rank, mse_self.np) != 0) {
        die_of_link();
    }
    mse_self.active = 1;
    mse_self.link.progress = mse_progress_sends;
    mse_rank_side_init();
    if (mse_cpu_meter_init(&mse_self.meter, s->cpu) != 0) {
        mse_die("cannot read this thread's CPU clock, which emulation needs");
    }
    if (s->cost.kind == MSE_COST_WALL) {
        mse_cpu_meter_use_wall_clock(&mse_self.meter);
    }
    if (mse_cost_measured(&s->cost)) { /* otherwise the CPU charged cannot grow before the next fact */
        mse_self.lower_bounds = (mse_lower_bounds) {.link = &mse_self.link, .cpu_since_last_fact = cpu_since_last_fact};
        if (mse_link_open_lower_bounds(&mse_self.link, s->token, mse_self.np) != 0
                || mse_lower_bounds_start(&mse_self.lower_bounds) != 0) {
            die_of_link();
        }
    }
    int others = mse_cpu_meter_exclude_other_threads(&mse_self.meter); /* Open MPI's threads and ours */
    if (others < 0) {
        mse_die("MSE_RANK_CPU=process: cannot list this process's threads (/proc/self/task); use MSE_RANK_CPU=thread");
    }
    if (others > MSE_MAX_EXCLUDED_THREADS) {
        mse_die("MSE_RANK_CPU=process: cannot leave out the %d threads beside the program thread at MPI_Init (at most "
                "%d); start worker threads after MPI_Init, or use MSE_RANK_CPU=thread",
                others, MSE_MAX_EXCLUDED_THREADS);
    }
    mse_enter();
    mse_cpu_meter_calibrate(&mse_self.meter, empty_interval, NULL);
    mse_take_unreported(); /* start-up is not the program's work */
    mse_self.off_cpu = (mse_off_cpu) {0}; /* nor the calibration's intervals */
    mse_leave();
}
