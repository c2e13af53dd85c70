/* Communicators: assembling the created ones from their members' comm lines, and naming each event's. */
#include "comms.h"

#include "requests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The created communicator `id` whose first member is `leader`, made when new; NULL when out of memory. */
static struct trace_comm *comm_slot(struct trace *trace, int32_t id, uint32_t leader, uint32_t size, int32_t parent_id,
                                    const char *call, uint32_t *index) {
    for (size_t c = 0; c < trace->comm_count; c++) {
        if (trace->comms[c].id == id && trace->comms[c].leader == leader) {
            *index = (uint32_t) c;
            return &trace->comms[c];
        }
    }
    struct trace_comm *grown = realloc(trace->comms, (trace->comm_count + 1) * sizeof *grown);
    if (grown == NULL) {
        return NULL;
    }
    trace->comms = grown;
    struct trace_comm *made = &trace->comms[trace->comm_count];
    *made = (struct trace_comm) {.id = id, .leader = leader, .size = size, .parent_id = parent_id};
    made->members = malloc(size * sizeof *made->members);
    made->call = strdup(call);
    if (made->members == NULL || made->call == NULL) {
        free(made->members);
        free(made->call);
        return NULL;
    }
    memset(made->members, 0xff, size * sizeof *made->members); /* UINT32_MAX: not told yet */
    *index = (uint32_t) trace->comm_count++;
    return made;
}

int trace_comm_member(struct trace *trace, uint32_t rank, int32_t id, uint32_t leader, uint32_t size, uint32_t index,
                      int32_t parent_id, const char *call) {
    if (rank >= trace->rank_count || id <= TRACE_SELF_ID || parent_id < 0 || size == 0 || index >= size) {
        return -1;
    }
    uint32_t c;
    struct trace_comm *comm = comm_slot(trace, id, leader, size, parent_id, call, &c);
    if (comm == NULL || comm->size != size || comm->parent_id != parent_id || strcmp(comm->call, call) != 0
        || comm->members[index] != UINT32_MAX || (index == 0) != (rank == leader)) {
        return -1;
    }
    comm->members[index] = rank;
    struct trace_rank *member = &trace->ranks[rank];
    for (size_t m = 0; m < member->membership_count; m++) {
        if (member->memberships[m].id == id) {
            return -1; /* a rank never joins two communicators of one id */
        }
    }
    struct trace_membership *grown = realloc(member->memberships, (member->membership_count + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    member->memberships = grown;
    member->memberships[member->membership_count++] = (struct trace_membership) {.id = id, .comm = c, .index = index};
    return 0;
}

int trace_comm_of(const struct trace *trace, uint32_t rank, int32_t id, uint32_t *ref, uint32_t *index) {
    if (rank >= trace->rank_count) {
        return -1;
    }
    if (id == TRACE_WORLD_ID || id == TRACE_SELF_ID) {
        *ref = id == TRACE_WORLD_ID ? TRACE_COMM_WORLD : TRACE_COMM_SELF;
        *index = id == TRACE_WORLD_ID ? rank : 0;
        return 0;
    }
    const struct trace_rank *member = &trace->ranks[rank];
    for (size_t m = 0; m < member->membership_count; m++) {
        if (member->memberships[m].id == id) {
            *ref = TRACE_COMM_CREATED + member->memberships[m].comm;
            *index = member->memberships[m].index;
            return 0;
        }
    }
    return -1;
}

/* A message's communicator on its rank, and its peer's rank in it (a receive request's completion is its message's);
 * a collective's communicator (its root is already its rank there), a nonblocking one's at its start and completion.
 * Events of no communicator (regions, a receive request's start) keep theirs. */
static int resolve_event(const struct trace *trace, uint32_t rank, struct trace_event *e) {
    int request = trace_event_is(e, KIND_REQUEST, INSTANT_REQUEST), completion = trace_event_is(e, KIND_COMPLETE, INSTANT_COMPLETE);
    int message = e->kind == KIND_MPI_SEND || e->kind == KIND_MPI_RECV || (completion && e->tags == 0 && e->peer != UINT32_MAX);
    int collective = trace_event_is(e, KIND_COLLECTIVE_BEGIN, INSTANT_COLLECTIVE_BEGIN)
                     || trace_event_is(e, KIND_COLLECTIVE_END, INSTANT_COLLECTIVE_END) || ((request || completion) && e->tags > 0);
    if (e->dropped || (!message && !collective)) {
        return 0;
    }
    int32_t id = e->context < 0 ? TRACE_WORLD_ID : e->context / 2; /* a collective the rank did not describe: the world's */
    uint32_t own;
    if (trace_comm_of(trace, rank, id, &e->comm, &own) != 0) {
        return -1;
    }
    uint32_t peer_ref;
    return !message || (trace_comm_of(trace, e->peer, id, &peer_ref, &e->peer) == 0 && peer_ref == e->comm) ? 0 : -1;
}

int trace_comms_resolve(struct trace *trace, char *error, size_t error_size) {
    for (size_t c = 0; c < trace->comm_count; c++) {
        struct trace_comm *comm = &trace->comms[c];
        for (uint32_t m = 0; m < comm->size; m++) {
            if (comm->members[m] == UINT32_MAX) {
                snprintf(error, error_size, "event stream: communicator %d of rank %u (%s) lacks its member %u", comm->id, comm->leader,
                         comm->call, m);
                return -1;
            }
        }
        uint32_t leader_index;
        if (trace_comm_of(trace, comm->leader, comm->parent_id, &comm->parent, &leader_index) != 0) {
            snprintf(error, error_size, "event stream: communicator %d of rank %u was made from %d, which rank %u is not in", comm->id,
                     comm->leader, comm->parent_id, comm->leader);
            return -1;
        }
    }
    for (size_t r = 0; r < trace->rank_count; r++) {
        struct trace_rank *rank = &trace->ranks[r];
        for (size_t i = 0; i < rank->count; i++) {
            struct trace_event *e = &rank->events[i];
            uint32_t peer = e->peer;
            if (resolve_event(trace, (uint32_t) r, e) != 0) {
                snprintf(error, error_size, "event stream: rank %zu at %llu names context %d with rank %u, of no communicator of theirs",
                         r, (unsigned long long) e->time, e->context, peer);
                return -1;
            }
        }
    }
    return 0;
}

void trace_comms_free(struct trace *trace) {
    for (size_t c = 0; c < trace->comm_count; c++) {
        free(trace->comms[c].members);
        free(trace->comms[c].call);
    }
    for (size_t r = 0; r < trace->rank_count; r++) {
        free(trace->ranks[r].memberships);
    }
    free(trace->comms);
}
