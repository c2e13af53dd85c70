/* The communicators of a run's trace: MPI_COMM_WORLD, MPI_COMM_SELF and those the program created, which the stream
 * tells member by member (its comm lines). A message names its communicator by its context and a collective by its id;
 * ids are a rank's own (a rank never reuses one), so communicators with no member in common may share an id, and an id
 * with a member's world rank finds the communicator. Plain C, no libotf2, as events.h. */
#ifndef MSE_OTF2_COMMS_H
#define MSE_OTF2_COMMS_H

#include "events.h"

/* The interposition library's ids of the predefined communicators (pmpi/src/comm.h). */
#define TRACE_WORLD_ID 0
#define TRACE_SELF_ID 1

/* One comm line: world rank `rank` is member `index` of the communicator `id` of `size` members whose first member is
 * world rank `leader`, made from the communicator `parent_id` by `call`. -1 for a line that contradicts an earlier one
 * (another size or call, a member told twice) or out of memory. */
int trace_comm_member(struct trace *trace, uint32_t rank, int32_t id, uint32_t leader, uint32_t size, uint32_t index,
                      int32_t parent_id, const char *call);

/* Once the stream is read: every created communicator complete and its parent found, and every MPI event and collective
 * given its communicator's reference, a message's peer its rank in it. -1 with a reason in `error` when an event names
 * a communicator its rank is not in, or a communicator lacks a member. */
int trace_comms_resolve(struct trace *trace, char *error, size_t error_size);

/* The reference of the communicator `id` that world rank `rank` belongs to, and its rank there; -1 when it has none. */
int trace_comm_of(const struct trace *trace, uint32_t rank, int32_t id, uint32_t *ref, uint32_t *index);

void trace_comms_free(struct trace *trace);

#endif
