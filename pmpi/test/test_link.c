/* The link (link.h) and the lower-bound thread (lower_bound.h) against a scripted emulator on a socketpair: facts up
 * to a blocking call travel in one frame, answers and forecasts are read as EmulatorLink.java reads them, an ABORT or
 * a closed connection becomes the rank's failure, and lower bounds are answered once the CPU got there. A PROBE_ANY
 * longer than a frame goes as PATTERNS facts ahead of it, and no frame is read into a buffer it does not fit. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "link.h"
#include "lower_bound.h"

static uint8_t *i32(uint8_t *p, int32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t) ((uint32_t) v >> (24 - 8 * i));
    return p + 4;
}

static uint8_t *i64(uint8_t *p, int64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t) ((uint64_t) v >> (56 - 8 * i));
    return p + 8;
}

/* The emulator writes one reply frame: the type, the rank, then the given big-endian fields. */
static void reply(int fd, uint8_t type, const int64_t *fields, const int *widths, int count) {
    uint8_t frame[128], *p = i32(frame + 4, 2);
    frame[4 - 0] = 0;
    uint8_t *start = frame + 4;
    *start = type;
    p = i32(start + 1, 2);
    for (int i = 0; i < count; i++) {
        p = widths[i] == 8 ? i64(p, fields[i]) : i32(p, (int32_t) fields[i]);
    }
    i32(frame, (int32_t) (p - start));
    CHECK(mse_send_all(fd, frame, (size_t) (p - frame)) == 0, "the emulator's write");
}

static int64_t field(const uint8_t *p, int width) {
    int64_t v = 0;
    for (int i = 0; i < width; i++) v = (v << 8) | p[i];
    return width == 4 ? (int32_t) v : v;
}

static int readable(int fd, int millis) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, millis) == 1;
}

static void init_link(mse_link *link, int *emulator) {
    int pair[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, pair);
    memset(link, 0, sizeof *link);
    pthread_mutex_init(&link->lock, NULL);
    link->fd = pair[0];
    link->lower_bound_fd = -1;
    link->rank = 2;
    strcpy(link->peer, "/tmp/test.sock");
    *emulator = pair[1];
}

static void facts_and_answers(void) {
    mse_link link;
    int emulator;
    init_link(&link, &emulator);
    static uint8_t payload[MSE_MAX_FRAME_BYTES];
    mse_fact sent = {.type = MSE_SENT, .rank = 2, .cpu_nanos = 10, .peer = 0, .tag = 4, .bytes = 8};
    CHECK(mse_link_report(&link, &sent) == 0 && mse_link_report(&link, &sent) == 0, "reports");
    CHECK(!readable(emulator, 0), "a report waits for the next ask or flush");
    reply(emulator, MSE_GRANT, (int64_t[]) {0, 9, 16, 777, 0}, (int[]) {4, 4, 4, 8, 4}, 5);
    mse_fact receive = {.type = MSE_RECEIVE, .rank = 2, .peer = MSE_ANY, .tag = MSE_ANY, .needs_answer = 1};
    mse_reply answer;
    CHECK(mse_link_ask(&link, &receive, &answer) == 0, "ask: %s", link.failure);
    CHECK(answer.type == MSE_GRANT && answer.granted.source == 0 && answer.granted.tag == 9
          && answer.granted.bytes == 16 && answer.virtual_nanos == 777, "the grant's fields");
    CHECK_EQ(29 + 29 + 26, mse_read_frame(emulator, payload, sizeof payload), "two SENTs and the RECEIVE in one frame");
    CHECK(payload[0] == MSE_SENT && payload[29] == MSE_SENT && payload[58] == MSE_RECEIVE, "in order");
    CHECK_EQ(3, mse_link_facts_reported(&link), "facts counted");

    /* A FORECAST for this very receive (blocking call 1) answers it: no grant follows. */
    reply(emulator, MSE_FORECAST, (int64_t[]) {1, -1, -1, 3, 7, 16, 0}, (int[]) {8, 4, 4, 4, 4, 4, 4}, 7);
    CHECK(mse_link_ask(&link, &receive, &answer) == 0 && answer.type == MSE_FORECAST && answer.next.source == 3,
          "the forecast answers the receive it names");
    mse_read_frame(emulator, payload, sizeof payload);

    /* A FORECAST for a later call, read while waiting for a CLOCK, is kept for that call only. */
    reply(emulator, MSE_FORECAST, (int64_t[]) {2, -1, -1, 5, 1, 4, 0}, (int[]) {8, 4, 4, 4, 4, 4, 4}, 7);
    reply(emulator, MSE_CLOCK, (int64_t[]) {123456}, (int[]) {8}, 1);
    mse_fact clock = {.type = MSE_CLOCK_QUERY, .rank = 2};
    CHECK(mse_link_ask(&link, &clock, &answer) == 0 && answer.type == MSE_CLOCK && answer.virtual_nanos == 123456,
          "the clock after the forecast");
    mse_envelope next;
    CHECK(mse_link_forecast(&link, (mse_pattern) {MSE_ANY, MSE_ANY, 0}, &next) && next.source == 5 && next.bytes == 4,
          "the forecast waits for blocking call 2");
    CHECK(!mse_link_forecast(&link, (mse_pattern) {0, MSE_ANY, 0}, &next), "not for another pattern");
    mse_read_frame(emulator, payload, sizeof payload);

    /* Progress: sent when no fact came since, silent otherwise. */
    CHECK(mse_link_answer_progress(&link, 5, 999) == 0 && readable(emulator, 1000), "progress sent");
    CHECK_EQ(21, mse_read_frame(emulator, payload, sizeof payload), "one PROGRESS");
    CHECK(payload[0] == MSE_PROGRESS && field(payload + 5, 8) == 5 && field(payload + 13, 8) == 999, "its fields");
    CHECK(mse_link_answer_progress(&link, 4, 999) == 0 && !readable(emulator, 50), "a stale request is moot");

    /* A rank that says a lot without blocking: a full frame goes ahead. */
    for (int i = 0; i < 3000; i++) {
        mse_link_report(&link, &sent);
    }
    long first = mse_read_frame(emulator, payload, sizeof payload);
    CHECK(first > MSE_MAX_FRAME_BYTES - 29 && first <= MSE_MAX_FRAME_BYTES, "a full frame of %ld bytes", first);
    mse_link_flush(&link);
    CHECK_EQ(3000 * 29 - first, mse_read_frame(emulator, payload, sizeof payload), "the rest on flush");

    /* An ABORT is the rank's failure, for this and every later call. */
    reply(emulator, MSE_ABORT, NULL, NULL, 0);
    CHECK(mse_link_ask(&link, &clock, &answer) == -1 && atomic_load(&link.ended), "an abort ends the link");
    CHECK(mse_link_report(&link, &sent) == -1, "and every later call");
    mse_link_close(&link);
    close(emulator);

    /* A connection the emulator closes (a wrong token) says so. */
    init_link(&link, &emulator);
    close(emulator);
    CHECK(mse_link_ask(&link, &clock, &answer) == -1 && strstr(link.failure, "MSE_EMULATOR_TOKEN") != NULL,
          "a closed connection names the token: %s", link.failure);
    mse_link_close(&link);
}

static _Atomic int64_t program_cpu;

static int64_t cpu_now(void *unused) {
    (void) unused;
    return atomic_load(&program_cpu);
}

static void lower_bounds(void) {
    mse_link link;
    int emulator, requests[2];
    init_link(&link, &emulator);
    socketpair(AF_UNIX, SOCK_STREAM, 0, requests);
    link.lower_bound_fd = requests[0];
    mse_lower_bounds lb = {.link = &link, .cpu_since_last_fact = cpu_now};
    CHECK(mse_lower_bounds_start(&lb) == 0, "the thread starts");
    uint8_t payload[64];
    atomic_store(&program_cpu, 5000);
    reply(requests[1], MSE_PROGRESS_REQUEST, (int64_t[]) {0, 1000}, (int[]) {8, 8}, 2);
    CHECK(readable(emulator, 2000) && mse_read_frame(emulator, payload, sizeof payload) == 21 && field(payload + 13, 8) == 5000,
          "a target already reached is answered at once");
    atomic_store(&program_cpu, 100);
    reply(requests[1], MSE_PROGRESS_REQUEST, (int64_t[]) {0, 1000000}, (int[]) {8, 8}, 2);
    CHECK(!readable(emulator, 100), "not before the CPU got there");
    atomic_store(&program_cpu, 2000000);
    CHECK(readable(emulator, 2000) && mse_read_frame(emulator, payload, sizeof payload) == 21 && field(payload + 13, 8) == 2000000,
          "answered once it did");
    reply(requests[1], MSE_PROGRESS_REQUEST, (int64_t[]) {7, 10}, (int[]) {8, 8}, 2);
    CHECK(!readable(emulator, 100), "a request a later fact made moot is dropped");
    mse_lower_bounds_stop(&lb);
    CHECK(!atomic_load(&link.ended), "stopping is no failure");
    mse_link_close(&link);
    close(emulator);
    close(requests[1]);
}

/* A scripted rank's sends in flight: each progress call counts, and completes one send when `completing`. */
typedef struct {
    int in_flight, completing, calls;
} sends_script;

static int scripted_progress(void *ctx) {
    sends_script *sends = ctx;
    sends->calls++;
    if (sends->completing && sends->in_flight > 0) {
        return sends->in_flight--;
    }
    return sends->in_flight;
}

/* The emulator's grant, written after a pause while the program thread waits for it. */
static void *grant_later(void *fd) {
    struct timespec pause = {0, 50 * 1000000L};
    nanosleep(&pause, NULL);
    reply(*(int *) fd, MSE_GRANT, (int64_t[]) {1, 4, 8, 5, 0}, (int[]) {4, 4, 4, 8, 4}, 5);
    return NULL;
}

static int ask_with_grant_later(mse_link *link, int emulator, mse_reply *answer) {
    pthread_t writer;
    pthread_create(&writer, NULL, grant_later, &emulator);
    mse_fact receive = {.type = MSE_RECEIVE, .rank = 2, .peer = 1, .tag = 4, .needs_answer = 1};
    int result = mse_link_ask(link, &receive, answer);
    pthread_join(writer, NULL);
    static uint8_t payload[MSE_MAX_FRAME_BYTES];
    mse_read_frame(emulator, payload, sizeof payload);
    return result;
}

/* While the rank waits for an answer with sends in flight, it keeps them progressing, waking after timeouts that
 * grow; with none in flight it sleeps on the socket until the answer. */
static void progress_while_waiting(void) {
    mse_link link;
    int emulator;
    init_link(&link, &emulator);
    mse_reply answer;
    sends_script stuck = {.in_flight = 2};
    link.progress = scripted_progress;
    link.progress_ctx = &stuck;
    CHECK(ask_with_grant_later(&link, emulator, &answer) == 0 && answer.type == MSE_GRANT
          && answer.granted.source == 1 && answer.granted.bytes == 8, "the grant after the wait: %s", link.failure);
    /* 50 ms: 50 µs doubling to 5 ms is 7 wake-ups in the first 6.35 ms, then one every 5 ms: about 16, not a spin
     * (fewer on a loaded machine, whose sleeps run long). */
    CHECK(stuck.calls >= 3 && stuck.calls <= 40, "sends stuck in flight: progressed %d times in 50 ms", stuck.calls);

    sends_script completing = {.in_flight = 3, .completing = 1};
    link.progress_ctx = &completing;
    CHECK(ask_with_grant_later(&link, emulator, &answer) == 0 && answer.type == MSE_GRANT, "the grant");
    CHECK_EQ(4, completing.calls, "progressed until the last send completed, then no more");

    link.progress = NULL;
    CHECK(ask_with_grant_later(&link, emulator, &answer) == 0 && answer.type == MSE_GRANT, "no progress to keep");
    mse_link_close(&link);
    close(emulator);
}

/* The emulator's side of a long PROBE_ANY: reads frames until the PROBE_ANY, collecting the patterns in order. */
typedef struct {
    int fd;
    mse_pattern got[40000];
    int count, frames, largest, others, probes, misplaced;
} split_reader;

static void *read_split(void *arg) {
    split_reader *r = arg;
    static uint8_t payload[MSE_MAX_FRAME_BYTES];
    while (r->probes == 0) {
        long n = mse_read_frame(r->fd, payload, sizeof payload);
        if (n <= 0) {
            break;
        }
        r->frames++;
        r->largest = n > r->largest ? (int) n : r->largest;
        for (long at = 0; at < n;) {
            uint8_t type = payload[at];
            if (type == MSE_SENT) {
                r->others++;
                r->misplaced += r->count > 0; /* nothing comes between PATTERNS and their PROBE_ANY */
                at += 29;
                continue;
            }
            long head = type == MSE_PATTERNS ? 5 : 14;
            int count = (int) field(payload + at + head, 4);
            for (int i = 0; i < count && r->count < 40000; i++) {
                r->got[r->count++] = (mse_pattern) {(int32_t) field(payload + at + head + 4 + 12 * i, 4),
                                                     (int32_t) field(payload + at + head + 8 + 12 * i, 4),
                                                     (int32_t) field(payload + at + head + 12 + 12 * i, 4)};
            }
            at += head + 4 + 12L * count;
            if (type == MSE_PROBE_ANY) {
                r->probes++;
                r->misplaced += at != n; /* the PROBE_ANY asks: it ends its frame */
            }
        }
    }
    reply(r->fd, MSE_NOTHING_ARRIVED, (int64_t[]) {42}, (int[]) {8}, 1);
    return NULL;
}

/* A test over more distinct patterns than a frame holds (9,000 tags) goes out whole, its first patterns in PATTERNS
 * facts that each end their frame; the facts before it go first; every frame keeps within 64 KiB. */
static void long_probe_any(int total) {
    mse_link link;
    static split_reader r;
    init_link(&link, &r.fd);
    r.count = r.frames = r.largest = r.others = r.probes = r.misplaced = 0;
    static mse_pattern many[40000];
    for (int i = 0; i < total; i++) {
        many[i] = (mse_pattern) {i % 3, i, i % 2};
    }
    mse_fact sent = {.type = MSE_SENT, .rank = 2, .cpu_nanos = 10, .peer = 0, .tag = 4, .bytes = 8};
    for (int i = 0; i < 100; i++) {
        mse_link_report(&link, &sent);
    }
    pthread_t emulator;
    pthread_create(&emulator, NULL, read_split, &r);
    mse_fact poll = {.type = MSE_PROBE_ANY, .rank = 2, .as_of_now = 1, .pattern_count = total, .patterns = many};
    mse_reply answer;
    CHECK(mse_link_ask(&link, &poll, &answer) == 0 && answer.type == MSE_NOTHING_ARRIVED, "the poll is answered: %s",
          link.failure);
    pthread_join(emulator, NULL);
    CHECK_EQ(total, r.count, "every pattern arrived");
    int in_order = 1;
    for (int i = 0; i < r.count; i++) {
        in_order &= r.got[i].source == many[i].source && r.got[i].tag == many[i].tag
                && r.got[i].context == many[i].context;
    }
    CHECK(in_order && r.probes == 1 && r.others == 100 && r.misplaced == 0, "in order, after the SENTs, one PROBE_ANY");
    CHECK(r.largest <= MSE_MAX_FRAME_BYTES && r.frames == (int) ((100 * 29 + 18 + 12L * total + MSE_MAX_FRAME_BYTES - 1)
          / MSE_MAX_FRAME_BYTES), "%d frames of at most %d bytes", r.frames, r.largest);
    CHECK_EQ(101, mse_link_facts_reported(&link), "PATTERNS are no facts of their own");
    mse_link_close(&link);
    close(r.fd);
}

/* An ABORT with a long reason (a deadlock report at 64 ranks is some 3 KB) on the lower-bound connection: read into
 * room for any frame, it ends the link with its reason. */
static void long_abort_for_lower_bounds(void) {
    mse_link link;
    int emulator, requests[2];
    init_link(&link, &emulator);
    socketpair(AF_UNIX, SOCK_STREAM, 0, requests);
    link.lower_bound_fd = requests[0];
    static mse_lower_bounds lb;
    lb = (mse_lower_bounds) {.link = &link, .cpu_since_last_fact = cpu_now};
    CHECK(mse_lower_bounds_start(&lb) == 0, "the thread starts");
    static uint8_t frame[4 + 9 + 3000];
    uint8_t *p = i32(frame, 9 + 3000);
    *p++ = MSE_ABORT;
    p = i32(i32(p, 2), 3000);
    memcpy(p, "deadlock: ", 10);
    memset(p + 10, 'r', 3000 - 10);
    CHECK(mse_send_all(requests[1], frame, sizeof frame) == 0, "the emulator's write");
    for (int i = 0; i < 200 && !atomic_load(&link.ended); i++) {
        usleep(10000);
    }
    CHECK(atomic_load(&link.ended) && strncmp(link.failure, "deadlock: rrr", 13) == 0, "the reason ends the link: %.40s",
          link.failure);
    mse_lower_bounds_stop(&lb);
    mse_link_close(&link);
    close(emulator);
    close(requests[1]);
}

/* A frame longer than the reader's room is refused before a byte of it is read, leaving the bytes after it alone. */
static void frame_larger_than_room(void) {
    int pair[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, pair);
    uint8_t frame[4 + 100] = {0};
    i32(frame, 100);
    mse_send_all(pair[1], frame, sizeof frame);
    uint8_t room[64 + 16];
    memset(room, 0xA5, sizeof room);
    errno = 0;
    CHECK(mse_read_frame(pair[0], room, 64) == -1 && errno == EMSGSIZE, "refused (errno %d)", errno);
    int untouched = 1;
    for (size_t i = 0; i < sizeof room; i++) {
        untouched &= room[i] == 0xA5;
    }
    CHECK(untouched, "nothing was read into the buffer");
    close(pair[0]);
    close(pair[1]);
}

int main(void) {
    facts_and_answers();
    lower_bounds();
    progress_while_waiting();
    long_probe_any(9000);
    long_probe_any(40000);
    long_abort_for_lower_bounds();
    frame_larger_than_room();
    return checks_end("test_link");
}
