/* The emulator's trace event stream (docs/otf2.md, "The event stream") read into memory: every rank's events,
 * sorted into the order OTF2 wants them in (time never going back on a location, every region left after it is
 * entered), the hosts and ranks' names, and the run's predicted end. Plain C, no libotf2: the unit tests read
 * streams without the library. */
#ifndef MSE_OTF2_EVENTS_H
#define MSE_OTF2_EVENTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The regions every archive defines, by their reference in it; REGION_CRITICAL marks the run's critical path. */
enum trace_region { REGION_PROGRAM, REGION_COMPUTE, REGION_SEND, REGION_RECV, REGION_CRITICAL, REGION_COUNT };

/* What an event is; at one timestamp events sort in this order, so that a region ending when the next begins is
 * left before that one is entered, a receive's message is taken before its region is left, a send's message leaves
 * after its region is entered, and the whole program encloses everything. A stretch of the critical path begins and
 * ends where spans do (or between them), so it encloses the spans within it: it is left after them and entered
 * before them. */
enum trace_kind {
    KIND_PROGRAM_ENTER,
    KIND_MPI_RECV,
    KIND_LEAVE,
    KIND_CRITICAL_LEAVE,
    KIND_CRITICAL_ENTER,
    KIND_ENTER,
    KIND_MPI_SEND,
    KIND_PROGRAM_LEAVE
};

struct trace_event {
    uint64_t time;     /* virtual nanoseconds */
    uint64_t sequence; /* the order the stream gave, the last tie-break */
    uint64_t bytes;    /* message size (MPI events) */
    uint32_t peer;     /* the other rank (MPI events) */
    uint32_t tag;      /* message tag (MPI events) */
    uint8_t kind;      /* enum trace_kind */
    uint8_t region;    /* enum trace_region (enter and leave) */
};

struct trace_rank {
    struct trace_event *events;
    size_t count, capacity;
    int32_t host; /* index into trace.hosts; -1 until a rank line names it */
    char *name;   /* NULL until a rank line names it */
};

struct trace {
    struct trace_rank *ranks; /* indexed by rank: ranks 0..rank_count-1 */
    size_t rank_count;
    char **hosts;
    size_t host_count;
    uint64_t end; /* the run's predicted end: the last event's time */
    uint64_t sequence;
};

/* Reads a whole stream. On failure returns -1 with a one-line reason (naming the line) in `error`. On success
 * every rank up to the highest one seen has a host and a name and its events are sorted, enclosed in the program
 * region from 0 to the end. The trace must be freed with trace_free either way. */
int trace_read(FILE *in, struct trace *trace, char *error, size_t error_size);

void trace_free(struct trace *trace);

/* The stream's first line: its format and version. */
#define TRACE_STREAM_HEADER "mse-trace-events 1"

#endif
