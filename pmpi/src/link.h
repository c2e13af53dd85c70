/* One rank's connection to the emulator (EmulatorLink.java): facts reported wait in one frame until the next ask or
 * flush, so that everything a rank says up to a blocking call travels together; the program thread reads its own
 * answers on the socket (it sleeps there, never spinning). The lower-bound thread shares the pending frame and the
 * counts, under the mutex. A failure is kept (the first wins) and every later call returns -1 with it. */
#ifndef MSE_LINK_H
#define MSE_LINK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "wire.h"

typedef struct {
    int fd;                  /* the facts connection */
    int lower_bound_fd;      /* the lower-bound connection, or -1 */
    int32_t rank;
    char peer[256];          /* MSE_EMULATOR, for messages */
    pthread_mutex_t lock;    /* guards everything below it, and writes to fd */
    uint8_t pending[MSE_MAX_FRAME_BYTES + MSE_LENGTH_FIELD_BYTES];
    size_t pending_bytes;    /* payload bytes after the length field */
    int64_t facts_reported;  /* facts other than Progress and Failed: what the emulator counts */
    int64_t blocking_calls;  /* receives, probes, polls and sends to itself: what a Forecast counts */
    int last_word_written;   /* Finished or Failed went out: nothing follows */
    atomic_int ended;        /* set once, with failure, under the lock */
    char failure[512];
    /* The last Forecast the emulator sent (program thread only: it arrives on the facts connection). */
    int has_forecast;
    mse_reply forecast;
    uint8_t inbox[MSE_MAX_FRAME_BYTES]; /* the answer the program thread reads */
    /* Keeps the rank's MPI progressing while the program thread waits for an answer (NULL: nothing to keep): called
     * before the wait and at each wake-up, it returns how many sends are still in flight; while any is, the thread
     * wakes from its poll of the socket after a timeout that doubles from MSE_PROGRESS_FIRST_NANOS to
     * MSE_PROGRESS_LAST_NANOS (back to the first when a send completed), and with none it sleeps until the answer. */
    int (*progress)(void *ctx);
    void *progress_ctx;
} mse_link;

#define MSE_PROGRESS_FIRST_NANOS 50000L
#define MSE_PROGRESS_LAST_NANOS 5000000L

/* Connects (retrying about 5 s) and says Hello; 0, or -1 with the cause in link->failure. */
int mse_link_open(mse_link *link, const char *endpoint, const char *token, int32_t rank, int32_t np);
/* Opens the lower-bound connection (Hello lowerBounds=1) into link->lower_bound_fd; 0 or -1. */
int mse_link_open_lower_bounds(mse_link *link, const char *token, int32_t np);

/* Adds a fact that needs no answer to the pending frame; 0 or -1. */
int mse_link_report(mse_link *link, const mse_fact *fact);
/* Sends the pending frame; 0 or -1. */
int mse_link_flush(mse_link *link);
/* Sends a fact that waits for its answer (with everything pending) and reads the answer: a Grant, Clock or
 * NothingArrived, or the Forecast for this very receive when the emulator sent one before the ask reached it. */
int mse_link_ask(mse_link *link, const mse_fact *fact, mse_reply *answer);
/* 1 and next when a Forecast names the rank's next blocking call as a receive of pattern; else 0. */
int mse_link_forecast(mse_link *link, mse_pattern pattern, mse_envelope *next);

/* Facts reported so far (lower-bound thread). */
int64_t mse_link_facts_reported(mse_link *link);
/* Sends Progress(facts_before, cpu) unless another fact was reported since facts_before, or the last word. */
int mse_link_answer_progress(mse_link *link, int64_t facts_before, int64_t cpu_nanos);

/* Records the first failure (printf-style); later ones are dropped. */
void mse_link_fail(mse_link *link, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Closes the sending side first (the emulator sees a clean end of stream), then both connections. */
void mse_link_close(mse_link *link);

/* Writes all n bytes (MSG_NOSIGNAL: a closed peer is an error, not a signal); 0 or -1 with errno. */
int mse_send_all(int fd, const uint8_t *bytes, size_t n);
/* Reads one whole frame's payload into buf, which has room for `room` bytes: its length, 0 at end of stream, -1 on
 * error (errno EPROTO for a length outside 1..MSE_MAX_FRAME_BYTES, EMSGSIZE for one over room: the length is
 * checked before any payload is read, so no frame overruns buf). */
long mse_read_frame(int fd, uint8_t *buf, size_t room);

#endif
