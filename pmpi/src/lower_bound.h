/* The rank's side of demand-driven lower bounds (LowerBoundResponder.java; Chandy-Misra-Bryant null messages on
 * demand, docs/architecture.md "Grant rule"): the emulator holds a grant back until this computing rank's charged CPU since
 * its last fact reaches a target, and asks for exactly that on the lower-bound connection. One thread reads the
 * requests and answers once the CPU got there, or drops a request that the rank's next fact made moot. */
#ifndef MSE_LOWER_BOUND_H
#define MSE_LOWER_BOUND_H

#include <pthread.h>
#include <stdint.h>

#include "link.h"

typedef struct {
    mse_link *link;
    /* The charged CPU since the rank's last fact, or -1 while it cannot say (inside an MPI call). */
    int64_t (*cpu_since_last_fact)(void *ctx);
    void *ctx;
    pthread_t thread;
    int started;
    atomic_int stopping; /* set by stop: the end of the connection is then no failure */
    /* The frame the thread reads: any reply fits, an ABORT with a long reason (a deadlock report) too. */
    uint8_t inbox[MSE_MAX_FRAME_BYTES];
} mse_lower_bounds;

/* Starts the thread on link->lower_bound_fd; 0, or -1 with the cause in the link. */
int mse_lower_bounds_start(mse_lower_bounds *lb);
/* Ends the thread (shutting the connection down wakes it) and closes the connection. */
void mse_lower_bounds_stop(mse_lower_bounds *lb);

#endif
