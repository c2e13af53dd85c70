/* A rank's requests as the archive shows them (docs/otf2.md): each completion joined to its start. Plain C, as events.h. */
#ifndef MSE_OTF2_REQUESTS_H
#define MSE_OTF2_REQUESTS_H

#include "events.h"

/* On a rank's sorted events: each request completion takes what its start says (a receive's or a nonblocking
 * collective's, the starting call as the collective's operation, its root and context), a receive's completion drops
 * the MpiRecv of its message (the one the MpiIrecv shows), a collective's counts the bytes of its messages. -1 when a
 * request line was left with no call line after it. */
int trace_requests_match(struct trace_rank *rank);

/* Whether e is a `kind` event, or the `instant` mark of a call of no time. */
int trace_event_is(const struct trace_event *e, uint8_t kind, uint8_t instant);

#endif
