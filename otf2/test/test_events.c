/* The event stream reader: what it makes of a small stream (order, enclosing program region, names), and that a
 * malformed stream is refused naming its line. */
#include "check.h"
#include "events.h"

#include <string.h>

static int read_text(const char *text, struct trace *trace, char *error, size_t size) {
    FILE *in = fmemopen((void *) text, strlen(text), "r");
    int status = trace_read(in, trace, error, size);
    fclose(in);
    return status;
}

/* The rank's events are exactly `kinds`, in order. */
static void check_kinds(const struct trace_rank *rank, const int *kinds, size_t count, const char *what) {
    CHECK_EQ(count, rank->count, what);
    for (size_t i = 0; i < count && i < rank->count; i++) {
        CHECK_EQ(kinds[i], rank->events[i].kind, what);
    }
}

static void reads_and_orders(void) {
    const char *text = TRACE_STREAM_HEADER "\n"
                       "span 0 compute 0 100 7 -1 -1 -1\n"
                       "span 0 send 100 150 -1 1 5 64\n"
                       "message 0 0 1 5 64 100 300 320 0\n"
                       "span 1 recv 300 320 -1 0 5 64\n"
                       "host 0 node-a\n"
                       "host 1 node-b\n"
                       "rank 0 0 rank 0 (master)\n"
                       "rank 1 1 rank 1\n"
                       "end 400\n";
    struct trace trace;
    char error[256] = "";
    CHECK_EQ(0, read_text(text, &trace, error, sizeof error), "read");
    CHECK(strcmp(error, "") == 0, "%s", error);
    CHECK_EQ(2, trace.rank_count, "ranks");
    CHECK_EQ(2, trace.host_count, "hosts");
    CHECK_EQ(400, trace.end, "end");
    CHECK(strcmp(trace.ranks[0].name, "rank 0 (master)") == 0, "name %s", trace.ranks[0].name);
    CHECK_EQ(1, trace.ranks[1].host, "rank 1's host");
    /* rank 0: program enter, compute, leave and send enter at 100 (leave first), MpiSend after its region's enter */
    static const int rank0[] = {KIND_PROGRAM_ENTER, KIND_ENTER, KIND_LEAVE, KIND_ENTER, KIND_MPI_SEND, KIND_LEAVE, KIND_PROGRAM_LEAVE};
    check_kinds(&trace.ranks[0], rank0, 7, "rank 0's events");
    /* rank 1: the message is received before the recv region is left at 320 */
    static const int rank1[] = {KIND_PROGRAM_ENTER, KIND_ENTER, KIND_MPI_RECV, KIND_LEAVE, KIND_PROGRAM_LEAVE};
    check_kinds(&trace.ranks[1], rank1, 5, "rank 1's events");
    CHECK_EQ(0, trace.ranks[1].events[2].peer, "sender");
    CHECK_EQ(5, trace.ranks[1].events[2].tag, "tag");
    CHECK_EQ(64, trace.ranks[1].events[2].bytes, "bytes");
    trace_free(&trace);
}

/* A stretch of the critical path encloses the spans it begins and ends with: entered before them, left after them. */
static void marks_the_critical_path(void) {
    const char *text = TRACE_STREAM_HEADER "\n"
                       "span 0 compute 0 100 7 -1 -1 -1\n"
                       "span 0 send 100 150 -1 1 5 64\n"
                       "critical 0 0 150\n"
                       "host 0 h\n"
                       "rank 0 0 r0\n"
                       "end 150\n";
    struct trace trace;
    char error[256] = "";
    CHECK_EQ(0, read_text(text, &trace, error, sizeof error), "read");
    static const int rank0[] = {KIND_PROGRAM_ENTER, KIND_CRITICAL_ENTER, KIND_ENTER, KIND_LEAVE, KIND_ENTER,
                                KIND_LEAVE, KIND_CRITICAL_LEAVE, KIND_PROGRAM_LEAVE};
    check_kinds(&trace.ranks[0], rank0, 8, "rank 0's events");
    CHECK_EQ(REGION_CRITICAL, trace.ranks[0].events[1].region, "the critical path's region");
    trace_free(&trace);
}

/* Calls enclose their spans and a collective's marks; a call that takes no time keeps its order; a collective's end
 * has the bytes its rank sent and received in it; a stretch of the critical path that ends inside a call ends with it. */
static void encloses_calls(void) {
    const char *text = TRACE_STREAM_HEADER "\n"
                       "span 0 compute 0 100 -1 -1 -1 -1\n"
                       "call 0 100 100 -1 -1 MPI_Irecv\n"
                       "span 0 send 100 150 -1 1 32760 64\n"
                       "message 0 0 1 32760 64 100 300 320 1\n"
                       "call 0 100 150 1 0 MPI_Bcast\n"
                       "critical 0 0 120\n"
                       "host 0 h\n"
                       "rank 0 0 r0\n"
                       "end 200\n";
    struct trace trace;
    char error[256] = "";
    CHECK(read_text(text, &trace, error, sizeof error) == 0, "read: %s", error);
    static const int rank0[] = {KIND_PROGRAM_ENTER, KIND_CRITICAL_ENTER, KIND_ENTER, KIND_LEAVE, KIND_CALL_INSTANT,
                                KIND_CALL_INSTANT, KIND_CALL_ENTER, KIND_COLLECTIVE_BEGIN, KIND_ENTER, KIND_MPI_SEND, KIND_LEAVE,
                                KIND_COLLECTIVE_END, KIND_CALL_LEAVE, KIND_CRITICAL_LEAVE, KIND_PROGRAM_LEAVE};
    check_kinds(&trace.ranks[0], rank0, 15, "rank 0's events");
    CHECK_EQ(2, trace.call_count, "calls");
    CHECK(strcmp(trace.calls[0], "MPI_Irecv") == 0 && strcmp(trace.calls[1], "MPI_Bcast") == 0, "call names");
    CHECK_EQ(INSTANT_ENTER, trace.ranks[0].events[4].instant, "a call of no time is entered");
    CHECK_EQ(INSTANT_LEAVE, trace.ranks[0].events[5].instant, "then left");
    CHECK_EQ(64, trace.ranks[0].events[11].bytes, "the broadcast's bytes sent");
    CHECK_EQ(1, trace.ranks[0].events[11].peer, "its root");
    CHECK_EQ(150, trace.ranks[0].events[13].time, "the critical path ends with the call it ended in");
    CHECK_EQ(COLLECTIVE_BCAST, trace_collective_of("MPI_Ibcast"), "MPI_Ibcast");
    CHECK_EQ(COLLECTIVE_NONE, trace_collective_of("MPI_Iprobe"), "MPI_Iprobe");
    CHECK_EQ(COLLECTIVE_ALLTOALLW, trace_collective_of("MPI_Ialltoallw"), "MPI_Ialltoallw");
    CHECK_EQ(COLLECTIVE_EXSCAN, trace_collective_of("MPI_Exscan"), "MPI_Exscan");
    CHECK_EQ(COLLECTIVE_SCAN, trace_collective_of("MPI_Iscan"), "MPI_Iscan");
    CHECK_EQ(COLLECTIVE_REDUCE_SCATTER_BLOCK, trace_collective_of("MPI_Reduce_scatter_block"), "MPI_Reduce_scatter_block");
    CHECK_EQ(COLLECTIVE_REDUCE_SCATTER, trace_collective_of("MPI_Ireduce_scatter"), "MPI_Ireduce_scatter");
    CHECK_EQ(CALL_SENDS_NONBLOCKING, trace_call_kind_of("MPI_Isend"), "MPI_Isend");
    CHECK_EQ(CALL_COMPLETES_REQUESTS, trace_call_kind_of("MPI_Waitany"), "MPI_Waitany");
    trace_free(&trace);
}

/* A split of four ranks into two halves, which share the id 2: each message and collective names its own half, a message's
 * peer is its rank there, and each half has its members and its parent, the world. */
static void names_communicators(void) {
    const char *text = TRACE_STREAM_HEADER "\n"
                       "comm 3 2 2 2 1 0 MPI_Comm_split\n"
                       "comm 0 2 1 2 1 0 MPI_Comm_split\n"
                       "comm 1 2 1 2 0 0 MPI_Comm_split\n"
                       "comm 2 2 2 2 0 0 MPI_Comm_split\n"
                       "message 0 3 2 7 8 10 20 30 4\n"
                       "message 1 1 0 7 8 10 20 30 4\n"
                       "message 2 3 2 0 4 40 50 60 5\n"
                       "call 2 40 60 1 2 MPI_Bcast\n"
                       "message 3 1 3 7 8 70 80 90 0\n"
                       "host 0 h\n"
                       "end 100\n";
    struct trace trace;
    char error[256] = "";
    CHECK(read_text(text, &trace, error, sizeof error) == 0, "read: %s", error);
    CHECK_EQ(2, trace.comm_count, "two halves");
    CHECK_EQ(2, trace.comms[0].id, "the first half's id");
    CHECK_EQ(2, trace.comms[1].id, "the second half's id");
    CHECK_EQ(2, trace.comms[0].members[0], "rank 0 of the half of ranks 2 and 3");
    CHECK_EQ(3, trace.comms[0].members[1], "rank 1 of that half");
    CHECK_EQ(1, trace.comms[1].members[0], "rank 0 of the half of ranks 1 and 0 (keys reversed)");
    CHECK_EQ(0, trace.comms[1].members[1], "rank 1 of that half");
    CHECK_EQ(TRACE_COMM_WORLD, trace.comms[0].parent, "made from the world");
    const struct trace_rank *r2 = &trace.ranks[2];
    /* rank 2: program, the receive from rank 3 (rank 1 of its half) at 30, the broadcast on its half with its receive */
    CHECK_EQ(KIND_MPI_RECV, r2->events[1].kind, "rank 2 receives");
    CHECK_EQ(TRACE_COMM_CREATED + 0, r2->events[1].comm, "on its half");
    CHECK_EQ(1, r2->events[1].peer, "from its half's rank 1");
    CHECK_EQ(KIND_COLLECTIVE_BEGIN, r2->events[3].kind, "the broadcast's begin");
    CHECK_EQ(TRACE_COMM_CREATED + 0, r2->events[3].comm, "the broadcast's communicator");
    const struct trace_rank *r1 = &trace.ranks[1];
    CHECK_EQ(KIND_MPI_SEND, r1->events[1].kind, "rank 1 sends");
    CHECK_EQ(TRACE_COMM_CREATED + 1, r1->events[1].comm, "on the other half, of the same id");
    CHECK_EQ(1, r1->events[1].peer, "to its half's rank 1, world rank 0");
    CHECK_EQ(KIND_MPI_SEND, r1->events[2].kind, "rank 1 sends on the world");
    CHECK_EQ(TRACE_COMM_WORLD, r1->events[2].comm, "the world");
    CHECK_EQ(3, r1->events[2].peer, "to world rank 3");
    trace_free(&trace);
}

static void refuses(const char *text, const char *expected);

/* The first event of the rank that is a `kind` event or an `instant` mark, and of request `request` where that is not 0. */
static const struct trace_event *find(const struct trace_rank *rank, uint8_t kind, uint8_t instant, uint32_t request) {
    for (size_t i = 0; i < rank->count; i++) {
        const struct trace_event *e = &rank->events[i];
        if ((e->kind == kind || (e->kind == KIND_CALL_INSTANT && e->instant == instant)) && (request == 0 || e->request == request)) {
            return e;
        }
    }
    return NULL;
}

/* An MPI_Irecv's request starts in it and completes in the MPI_Waitall with its message, whose plain receive is dropped;
 * an MPI_Ibcast's starts in it and completes there too, with the bytes of its messages (its context and tags) and its
 * root, while its starting call has no collective begin and end; a request line with no call line is refused. */
static void joins_requests(void) {
    const char *text = TRACE_STREAM_HEADER "\n"
                       "request 0 1 0 -1 0\n"
                       "call 0 10 10 -1 -1 MPI_Irecv\n"
                       "request 0 2 1 8 8\n"
                       "call 0 20 30 1 0 MPI_Ibcast\n"
                       "message 0 1 0 8 4 5 40 50 1\n"
                       "message 1 1 0 5 64 5 60 70 0\n"
                       "complete 0 2 -1 -1 -1 0\n"
                       "complete 0 1 1 5 0 64\n"
                       "call 0 35 80 -1 -1 MPI_Waitall\n"
                       "host 0 h\n"
                       "end 100\n";
    struct trace trace;
    char error[256] = "";
    CHECK(read_text(text, &trace, error, sizeof error) == 0, "read: %s", error);
    const struct trace_rank *r0 = &trace.ranks[0];
    const struct trace_event *irecv = find(r0, KIND_REQUEST, INSTANT_REQUEST, 1);
    CHECK(irecv != NULL && irecv->kind == KIND_CALL_INSTANT && irecv->time == 10, "the receive's request in MPI_Irecv");
    CHECK(irecv != NULL && irecv[-1].instant == INSTANT_ENTER && irecv[1].instant == INSTANT_LEAVE, "inside its call of no time");
    const struct trace_event *ibcast = find(r0, KIND_REQUEST, INSTANT_REQUEST, 2);
    CHECK(ibcast != NULL && ibcast->kind == KIND_REQUEST && ibcast->time == 20 && ibcast->tags == 8, "the broadcast's request");
    CHECK(find(r0, KIND_COLLECTIVE_BEGIN, INSTANT_COLLECTIVE_BEGIN, 0) == NULL, "no collective begin in MPI_Ibcast");
    const struct trace_event *done = find(r0, KIND_COMPLETE, INSTANT_COMPLETE, 2);
    CHECK(done != NULL && done->time == 80 && done->received == 4 && done->bytes == 0, "the broadcast's bytes");
    CHECK(done != NULL && done->peer == 1 && done->comm == TRACE_COMM_WORLD, "its root and communicator");
    CHECK(done != NULL && strcmp(trace.calls[done->region - REGION_COUNT], "MPI_Ibcast") == 0, "its operation, its starting call");
    const struct trace_event *received = find(r0, KIND_COMPLETE, INSTANT_COMPLETE, 1);
    CHECK(received != NULL && received->time == 80 && received->bytes == 64 && received->peer == 1 && received->tag == 5,
          "the receive's completion");
    size_t dropped = 0, kept = 0;
    for (size_t i = 0; i < r0->count; i++) {
        if (r0->events[i].kind == KIND_MPI_RECV) {
            dropped += r0->events[i].dropped;
            kept += !r0->events[i].dropped && r0->events[i].context == 1;
        }
    }
    CHECK_EQ(1, dropped, "the receive's message shows as its completion");
    CHECK_EQ(1, kept, "the broadcast's message stays");
    trace_free(&trace);
    refuses(TRACE_STREAM_HEADER "\nrequest 0 1 0 -1 0\nhost 0 h\n", "a request line with no call line after it");
}

static void names_missing_ranks(void) {
    const char *text = TRACE_STREAM_HEADER "\nspan 2 compute 0 10 -1 -1 -1 -1\nhost 0 h\nrank 2 0 r2\n";
    struct trace trace;
    char error[256];
    CHECK_EQ(0, read_text(text, &trace, error, sizeof error), "read");
    CHECK_EQ(3, trace.rank_count, "ranks");
    CHECK(strcmp(trace.ranks[0].name, "rank 0") == 0, "unnamed rank: %s", trace.ranks[0].name);
    CHECK_EQ(2, trace.ranks[0].count, "an idle rank has its program region only");
    CHECK_EQ(10, trace.end, "end from the events");
    trace_free(&trace);
}

static void refuses(const char *text, const char *expected) {
    struct trace trace;
    char error[256] = "";
    CHECK_EQ(-1, read_text(text, &trace, error, sizeof error), text);
    CHECK(strstr(error, expected) != NULL, "expected '%s' in '%s'", expected, error);
    trace_free(&trace);
}

int main(void) {
    reads_and_orders();
    names_missing_ranks();
    marks_the_critical_path();
    encloses_calls();
    names_communicators();
    joins_requests();
    refuses("something else\n", "line 1: not an MSE event stream");
    refuses(TRACE_STREAM_HEADER "\nspan 0 compute 10 5 -1 -1 -1 -1\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\nspan 0 think 0 5 -1 -1 -1 -1\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\nmessage 0 0 1 5\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\nhost 1 skipped-zero\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\nhost 0 h\nrank 0 3 no-such-host\n", "line 3: malformed");
    refuses(TRACE_STREAM_HEADER "\nend 5", "line 2: too long or not ended");
    refuses(TRACE_STREAM_HEADER "\nend 5\n", "no ranks or no hosts");
    refuses(TRACE_STREAM_HEADER "\ncritical 0 10 5\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncall 0 10 5 -1 -1 MPI_Send\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncall 0 5 10 -2 -1 MPI_Send\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncall 0 5 10 -1 -1\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncall 0 5 10 -1 MPI_Send\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\nmessage 0 0 1 5 64 100 300 320\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncomm 0 2 0 2 0 0 MPI_Comm_dup\ncomm 0 2 0 2 1 0 MPI_Comm_dup\n", "line 3: malformed");
    refuses(TRACE_STREAM_HEADER "\ncomm 1 2 0 2 0 0 MPI_Comm_dup\n", "line 2: malformed");
    refuses(TRACE_STREAM_HEADER "\ncomm 0 2 0 2 0 0 MPI_Comm_dup\ncomm 1 2 0 3 1 0 MPI_Comm_dup\n", "line 3: malformed");
    refuses(TRACE_STREAM_HEADER "\ncomm 0 2 0 2 0 0 MPI_Comm_dup\nhost 0 h\n", "communicator 2 of rank 0 (MPI_Comm_dup) lacks its member 1");
    refuses(TRACE_STREAM_HEADER "\ncomm 0 2 0 1 0 0 MPI_Comm_split\nmessage 0 0 1 5 64 100 300 320 4\nhost 0 h\n",
            "rank 0 at 100 names context 4 with rank 1, of no communicator of theirs");
    return checks_end("test_events");
}
