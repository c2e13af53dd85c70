/* No periodic timer and no spinning: up to 256 ranks share two cores, and a thread that polls steals the core a
 * working rank needs. The thread sleeps in ppoll on its connection (a new request wakes it), and while a request
 * waits, for the CPU still missing divided by the share of a core the program got during the previous sleep:
 * CPU time grows no faster than wall time. */
#include "lower_bound.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MIN_SLEEP_NANOS 20000L      /* below the kernel's timer slack a shorter sleep only costs wake-ups */
#define MAX_SLEEP_NANOS 10000000L   /* so a rank that gets its core back is not overslept for long */
#define MIN_SHARE (1.0 / 256)       /* the least share of a core assumed: 256 ranks on one core */

static int64_t wall_nanos(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t); /* pacing only: virtual time never reads it */
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Settles a request that needs no wait: 1 when settled (answered, or moot because a fact was reported since; that
 * fact is flushed now, since the emulator waits for it), else 0 with the CPU so far (-1: cannot say now). */
static int settle(mse_lower_bounds *lb, const mse_reply *r, int64_t *cpu) {
    if (mse_link_facts_reported(lb->link) != r->facts_seen) {
        mse_link_flush(lb->link);
        return 1;
    }
    *cpu = lb->cpu_since_last_fact(lb->ctx);
    if (*cpu >= r->cpu_nanos) {
        mse_link_answer_progress(lb->link, r->facts_seen, *cpu);
        return 1;
    }
    return 0;
}

/* Reads one request frame; 1 for a ProgressRequest in r, 0 when the connection ended (the link is marked). */
static int next_request(mse_lower_bounds *lb, mse_reply *r) {
    char error[160];
    long n = mse_read_frame(lb->link->lower_bound_fd, lb->inbox, sizeof lb->inbox);
    if (atomic_load(&lb->stopping)) {
        return 0;
    }
    /* Either connection may be the first to see a refusal (a wrong token closes both): the same causes are named. */
    if (n == 0) {
        mse_link_fail(lb->link, "the emulator at %s closed the lower-bound connection (a wrong MSE_EMULATOR_TOKEN, a "
                      "protocol version other than %d, or the run ended)", lb->link->peer, MSE_PROTOCOL_VERSION);
        return 0;
    }
    if (n < 0) {
        mse_link_fail(lb->link, "lost the lower-bound connection to the emulator at %s", lb->link->peer);
        return 0;
    }
    if (mse_decode_reply(lb->inbox, (size_t) n, r, error) != 0) {
        mse_link_fail(lb->link, "malformed frame on the lower-bound connection: %s", error);
        return 0;
    }
    if (r->type == MSE_ABORT) {
        mse_link_fail(lb->link, "%s", r->reason);
        return 0;
    }
    if (r->type != MSE_PROGRESS_REQUEST) {
        mse_link_fail(lb->link, "the lower-bound connection carried %s", mse_type_name(r->type));
        return 0;
    }
    return 1;
}

static void *serve(void *arg) {
    mse_lower_bounds *lb = arg;
    mse_reply current;
    int waiting = 0;
    int64_t last_cpu = -1, last_wall = 0, unknown_sleep = MIN_SLEEP_NANOS / 2;
    double share = 1.0;
    while (!atomic_load(&lb->link->ended)) {
        int64_t sleep = -1;
        if (waiting) {
            int64_t cpu;
            if (settle(lb, &current, &cpu)) {
                waiting = 0;
                continue;
            }
            int64_t wall = wall_nanos();
            if (cpu >= 0 && last_cpu >= 0 && wall > last_wall) {
                double s = (double) (cpu - last_cpu) / (double) (wall - last_wall);
                share = s < MIN_SHARE ? MIN_SHARE : s > 1.0 ? 1.0 : s;
            }
            last_cpu = cpu;
            last_wall = wall;
            /* Inside an MPI call the rank cannot say: its next fact usually comes first, so each retry waits
             * twice as long as the one before. */
            unknown_sleep = cpu < 0 ? (unknown_sleep * 2 < MAX_SLEEP_NANOS ? unknown_sleep * 2 : MAX_SLEEP_NANOS)
                                    : MIN_SLEEP_NANOS / 2;
            sleep = cpu < 0 ? unknown_sleep : (int64_t) ((double) (current.cpu_nanos - cpu) / share);
            sleep = sleep < MIN_SLEEP_NANOS ? MIN_SLEEP_NANOS : sleep > MAX_SLEEP_NANOS ? MAX_SLEEP_NANOS : sleep;
        }
        struct pollfd fd = {.fd = lb->link->lower_bound_fd, .events = POLLIN};
        struct timespec timeout = {sleep / 1000000000, sleep % 1000000000};
        int ready = ppoll(&fd, 1, sleep < 0 ? NULL : &timeout, NULL);
        if (ready < 0 && errno != EINTR) {
            mse_link_fail(lb->link, "lower-bound thread: poll failed: %s", strerror(errno));
        } else if (ready > 0) {
            /* a new request replaces the one waiting (the emulator only ever lowers the target) */
            if (!next_request(lb, &current)) {
                break;
            }
            waiting = 1;
            last_cpu = -1;
            share = 1.0;
            unknown_sleep = MIN_SLEEP_NANOS / 2;
        }
    }
    return NULL;
}

int mse_lower_bounds_start(mse_lower_bounds *lb) {
    int error = pthread_create(&lb->thread, NULL, serve, lb);
    if (error != 0) {
        mse_link_fail(lb->link, "cannot start the lower-bound thread: %s", strerror(error));
        return -1;
    }
    lb->started = 1;
    return 0;
}

void mse_lower_bounds_stop(mse_lower_bounds *lb) {
    if (lb->link == NULL) {
        return; /* never started: a deterministic task cost needs no lower bounds */
    }
    atomic_store(&lb->stopping, 1);
    if (lb->link->lower_bound_fd >= 0) {
        shutdown(lb->link->lower_bound_fd, SHUT_RDWR); /* the thread's ppoll wakes and reads end of stream */
    }
    if (lb->started) {
        pthread_join(lb->thread, NULL);
        lb->started = 0;
    }
    if (lb->link->lower_bound_fd >= 0) {
        close(lb->link->lower_bound_fd);
        lb->link->lower_bound_fd = -1;
    }
}
