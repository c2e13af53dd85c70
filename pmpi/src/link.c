/* The pending frame, asks and answers of a rank's link (EmulatorLink.java). */
#include "link.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void mse_link_fail(mse_link *link, const char *format, ...) {
    pthread_mutex_lock(&link->lock);
    if (!atomic_load(&link->ended)) {
        va_list args;
        va_start(args, format);
        vsnprintf(link->failure, sizeof link->failure, format, args);
        va_end(args);
        atomic_store(&link->ended, 1);
    }
    pthread_mutex_unlock(&link->lock);
}

/* Why the connection is gone, into link->failure (the caller holds the lock): a peer that closed it refused this
 * rank (its token or protocol version) or ended the run; anything else lost it. */
static void describe_loss(mse_link *link, int error) {
    if (error == 0 || error == EPIPE || error == ECONNRESET) {
        snprintf(link->failure, sizeof link->failure, "the emulator at %s closed the connection (a wrong "
                 "MSE_EMULATOR_TOKEN, a protocol version other than %d, or the run ended)", link->peer,
                 MSE_PROTOCOL_VERSION);
    } else {
        snprintf(link->failure, sizeof link->failure, "lost the connection to the emulator at %s: %s", link->peer,
                 strerror(error));
    }
}

/* Sends the pending frame; the caller holds the lock. */
static int send_pending(mse_link *link) {
    if (link->pending_bytes == 0) {
        return 0;
    }
    size_t n = link->pending_bytes;
    link->pending[0] = (uint8_t) (n >> 24);
    link->pending[1] = (uint8_t) (n >> 16);
    link->pending[2] = (uint8_t) (n >> 8);
    link->pending[3] = (uint8_t) n;
    link->pending_bytes = 0;
    return mse_send_all(link->fd, link->pending, n + MSE_LENGTH_FIELD_BYTES);
}

static int blocking(const mse_link *link, const mse_fact *f) {
    return f->type == MSE_RECEIVE || f->type == MSE_PROBE || f->type == MSE_PROBE_ANY
            || (f->type == MSE_SENT && f->peer == link->rank);
}

static void append(mse_link *link, const mse_fact *fact) {
    mse_encode_fact(fact, link->pending + MSE_LENGTH_FIELD_BYTES + link->pending_bytes);
    link->pending_bytes += mse_fact_size(fact);
}

/* A PROBE_ANY whose patterns fit no frame (a wait or test over more than 5,459 distinct patterns) sends its first
 * patterns ahead in PATTERNS facts, each filling the frame it is in, which then goes (docs/wire-protocol.md); the
 * PROBE_ANY that follows carries the rest, at least one. All under the lock: nothing comes between. 0 or -1. */
static int send_patterns_ahead(mse_link *link, mse_fact *probe) {
    while (probe->type == MSE_PROBE_ANY && mse_fact_size(probe) > MSE_MAX_FRAME_BYTES) {
        mse_fact part = {.type = MSE_PATTERNS, .rank = probe->rank, .patterns = probe->patterns, .pattern_count = 1};
        size_t room = MSE_MAX_FRAME_BYTES - link->pending_bytes;
        if (room >= mse_fact_size(&part)) {
            size_t fits = (room - mse_fact_size(&part)) / MSE_PATTERN_BYTES + 1;
            part.pattern_count = fits < (size_t) probe->pattern_count - 1 ? (int) fits : probe->pattern_count - 1;
            append(link, &part);
            probe->patterns += part.pattern_count;
            probe->pattern_count -= part.pattern_count;
        }
        if (send_pending(link) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Adds the fact (if any) to the pending frame and, when asked, sends the frame. Returns the fact's number among
 * the rank's blocking calls (-1 for one that is none), or -2 when the link failed. Caller holds the lock. */
static int64_t write_locked(mse_link *link, const mse_fact *fact, int send) {
    if (atomic_load(&link->ended)) {
        return -2;
    }
    int64_t call = -1;
    int failed = 0;
    if (fact != NULL) {
        if (blocking(link, fact)) {
            call = link->blocking_calls++;
        }
        if (fact->type != MSE_PROGRESS && fact->type != MSE_FAILED) {
            link->facts_reported++;
        }
        link->last_word_written |= fact->type == MSE_FINISHED || fact->type == MSE_FAILED;
        mse_fact rest = *fact;
        failed = send_patterns_ahead(link, &rest);
        size_t size = mse_fact_size(&rest);
        if (!failed && link->pending_bytes + size > MSE_MAX_FRAME_BYTES) {
            failed = send_pending(link); /* a rank that says a lot without blocking: one full frame goes ahead */
        }
        if (!failed) {
            append(link, &rest);
        }
    }
    if (!failed && send) {
        failed = send_pending(link);
    }
    if (failed) {
        describe_loss(link, errno);
        atomic_store(&link->ended, 1);
        return -2;
    }
    return call;
}

static int64_t write_fact(mse_link *link, const mse_fact *fact, int send) {
    pthread_mutex_lock(&link->lock);
    int64_t call = write_locked(link, fact, send);
    pthread_mutex_unlock(&link->lock);
    return call;
}

int mse_link_report(mse_link *link, const mse_fact *fact) {
    return write_fact(link, fact, 0) == -2 ? -1 : 0;
}

int mse_link_flush(mse_link *link) {
    return write_fact(link, NULL, 1) == -2 ? -1 : 0;
}

long mse_read_frame(int fd, uint8_t *buf, size_t room) {
    uint8_t length[MSE_LENGTH_FIELD_BYTES];
    size_t want = sizeof length, got = 0;
    uint8_t *into = length;
    for (int part = 0; part < 2; part++) {
        while (got < want) {
            ssize_t n = recv(fd, into + got, want - got, 0);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                return n == 0 && part == 0 && got == 0 ? 0 : -1;
            }
            got += (size_t) n;
        }
        if (part == 0) {
            want = ((size_t) length[0] << 24) | ((size_t) length[1] << 16) | ((size_t) length[2] << 8) | length[3];
            /* checked before a byte of the payload is read: a frame larger than the buffer is an error, not an overflow */
            if (want < 1 || want > MSE_MAX_FRAME_BYTES || want > room) {
                errno = want > MSE_MAX_FRAME_BYTES || want < 1 ? EPROTO : EMSGSIZE;
                return -1;
            }
            into = buf;
            got = 0;
        }
    }
    return (long) want;
}

/* Until the answer can be read, the rank's sends in flight keep progressing (link->progress): a receiver of a
 * message above the eager limit may need its sender's MPI to move the data. Sleeps in ppoll, never
 * spins: 64 ranks may share 2 cores. */
static void await_answer(mse_link *link) {
    if (link->progress == NULL) {
        return;
    }
    long timeout = MSE_PROGRESS_FIRST_NANOS;
    int in_flight = link->progress(link->progress_ctx);
    while (in_flight > 0) {
        struct pollfd fd = {.fd = link->fd, .events = POLLIN};
        struct timespec wait = {timeout / 1000000000L, timeout % 1000000000L};
        int ready = ppoll(&fd, 1, &wait, NULL);
        if (ready > 0 || (ready < 0 && errno != EINTR)) {
            return; /* readable, closed, or an error the read reports */
        }
        int still = link->progress(link->progress_ctx);
        timeout = still < in_flight ? MSE_PROGRESS_FIRST_NANOS
                : timeout * 2 < MSE_PROGRESS_LAST_NANOS ? timeout * 2 : MSE_PROGRESS_LAST_NANOS;
        in_flight = still;
    }
}

/* The program thread reads its answer: the emulator's other words on this connection are Forecast and Abort. */
static int read_answer(mse_link *link, mse_reply *reply) {
    uint8_t *payload = link->inbox;
    await_answer(link);
    long n = mse_read_frame(link->fd, payload, sizeof link->inbox);
    char error[160];
    if (n <= 0) {
        int error = n == 0 ? 0 : errno;
        pthread_mutex_lock(&link->lock);
        if (!atomic_load(&link->ended)) {
            describe_loss(link, error);
            atomic_store(&link->ended, 1);
        }
        pthread_mutex_unlock(&link->lock);
        return -1;
    }
    if (mse_decode_reply(payload, (size_t) n, reply, error) != 0) {
        mse_link_fail(link, "malformed frame from the emulator at %s: %s", link->peer, error);
        return -1;
    }
    if (reply->type == MSE_ABORT) {
        mse_link_fail(link, "%s", reply->reason);
        return -1;
    }
    return 0;
}

static int forecasts(const mse_reply *f, int64_t call, mse_pattern p) {
    return f->blocking_calls == call && f->pattern.source == p.source && f->pattern.tag == p.tag
            && f->pattern.context == p.context;
}

static int expected(const mse_fact *fact, const mse_reply *answer) {
    switch (fact->type) {
    case MSE_CLOCK_QUERY: return answer->type == MSE_CLOCK;
    case MSE_PROBE_ANY:
        return answer->type == MSE_GRANT || answer->type == MSE_GRANT_AHEAD
                || (fact->as_of_now && answer->type == MSE_NOTHING_ARRIVED);
    default: return answer->type == MSE_GRANT || answer->type == MSE_GRANT_AHEAD;
    }
}

int mse_link_ask(mse_link *link, const mse_fact *fact, mse_reply *answer) {
    int64_t call = write_fact(link, fact, 1);
    if (call == -2 || read_answer(link, answer) != 0) {
        return -1;
    }
    while (answer->type == MSE_FORECAST) {
        link->forecast = *answer;
        link->has_forecast = 1;
        mse_pattern asked = {fact->peer, fact->tag, fact->context};
        if (fact->type == MSE_RECEIVE && forecasts(answer, call, asked)) {
            return 0; /* decided while the rank ran, sent before the ask reached the emulator: no grant follows */
        }
        if (read_answer(link, answer) != 0) {
            return -1;
        }
    }
    if (!expected(fact, answer)) {
        mse_link_fail(link, "the emulator answered %s with %s", mse_type_name(fact->type), mse_type_name(answer->type));
        return -1;
    }
    return 0;
}

int mse_link_forecast(mse_link *link, mse_pattern pattern, mse_envelope *next) {
    pthread_mutex_lock(&link->lock);
    int64_t call = link->blocking_calls;
    pthread_mutex_unlock(&link->lock);
    if (link->has_forecast && forecasts(&link->forecast, call, pattern)) {
        *next = link->forecast.next;
        return 1;
    }
    return 0;
}

int64_t mse_link_facts_reported(mse_link *link) {
    pthread_mutex_lock(&link->lock);
    int64_t facts = link->facts_reported;
    pthread_mutex_unlock(&link->lock);
    return facts;
}

int mse_link_answer_progress(mse_link *link, int64_t facts_before, int64_t cpu_nanos) {
    pthread_mutex_lock(&link->lock);
    int64_t result = 0;
    /* The program thread may have finished meanwhile: after its last word, silence. */
    if (link->facts_reported == facts_before && !link->last_word_written) {
        mse_fact progress = {.type = MSE_PROGRESS, .rank = link->rank, .facts_before = facts_before,
                             .cpu_nanos = cpu_nanos};
        result = write_locked(link, &progress, 1);
    }
    pthread_mutex_unlock(&link->lock);
    return result == -2 ? -1 : 0;
}

void mse_link_close(mse_link *link) {
    pthread_mutex_lock(&link->lock);
    if (link->fd >= 0) {
        send_pending(link);
        shutdown(link->fd, SHUT_WR);
    }
    pthread_mutex_unlock(&link->lock);
    if (link->fd >= 0) {
        close(link->fd);
        link->fd = -1;
    }
}
