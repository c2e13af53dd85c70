/* The MSE wire protocol, version 11 (docs/wire-protocol.md): the facts a rank sends and the replies it reads.
 * Plain C with no MPI in it, so the unit tests check it against docs/wire-golden-frames.txt on their own. */
#ifndef MSE_WIRE_H
#define MSE_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define MSE_PROTOCOL_VERSION 11
/* Largest payload either side sends, without the 4-byte length prefix (FrameCodec.MAX_FRAME_BYTES). */
#define MSE_MAX_FRAME_BYTES (64 * 1024)
#define MSE_LENGTH_FIELD_BYTES 4
/* Wildcards on the wire, as MPI_ANY_SOURCE and MPI_ANY_TAG in Open MPI. */
#define MSE_ANY (-1)
/* The communication contexts of MPI_COMM_WORLD: its program's messages, and its library's (RankFact.WORLD_CONTEXT,
 * WORLD_LIBRARY_CONTEXT). Every communicator has such a pair, even then odd (comm.h); a message matches only within its
 * context, so the library's collectives need no tags of the program's. */
#define MSE_WORLD_CONTEXT 0
#define MSE_WORLD_LIBRARY_CONTEXT 1
/* The most patterns one PROBE_ANY and one PATTERNS fact carry (18 and 9 bytes, then 12 a pattern): a PROBE_ANY with more
 * sends the first ones ahead in PATTERNS facts (link.c), so a wait or test over any number of receives fits. */
#define MSE_PATTERN_BYTES 12 /* source, tag, context */
#define MSE_PROBE_ANY_MAX_PATTERNS ((MSE_MAX_FRAME_BYTES - 18) / MSE_PATTERN_BYTES)
#define MSE_PATTERNS_MAX_PATTERNS ((MSE_MAX_FRAME_BYTES - 9) / MSE_PATTERN_BYTES)
/* The most members one BLOCKS fact carries (17 bytes, then 16 a member): a larger communicator takes several. */
#define MSE_BLOCKS_MAX_MEMBERS ((MSE_MAX_FRAME_BYTES - 17) / 16)

enum mse_type {
    MSE_HELLO = 0x01,
    MSE_COMPUTED = 0x10, MSE_PROGRESS = 0x11, MSE_SENT = 0x12, MSE_RECEIVE = 0x13, MSE_CLOCK_QUERY = 0x14,
    MSE_FINISHED = 0x15, MSE_FAILED = 0x16, MSE_PROBE = 0x17, MSE_TASK_DONE = 0x18, MSE_PROBE_ANY = 0x19,
    MSE_PATTERNS = 0x1A, MSE_COLLECTIVE = 0x1B, MSE_CALL_ENTER = 0x1C, MSE_CALL_LEAVE = 0x1D, MSE_OFF_CPU = 0x1E,
    MSE_COMM_MEMBER = 0x1F,
    MSE_GRANT = 0x20, MSE_CLOCK = 0x21, MSE_ABORT = 0x22, MSE_PROGRESS_REQUEST = 0x23, MSE_NOTHING_ARRIVED = 0x24,
    MSE_GRANT_AHEAD = 0x25, MSE_FORECAST = 0x26,
    MSE_ERROR = 0x30, MSE_BLOCKS = 0x31, /* facts go on from 0x30, past the replies */
    MSE_REQUEST_STARTED = 0x32, MSE_REQUEST_COMPLETED = 0x33
};

/* What a receive or probe matches: source (a world rank) and tag may be MSE_ANY, the context never is. */
typedef struct { int32_t source, tag, context; } mse_pattern;

/* A message decided for a receive: where it comes from (a world rank), its tag, size and context. */
typedef struct { int32_t source, tag, bytes, context; } mse_envelope;

/* One fact. Fields a type does not carry are ignored; reason is Failed's, patterns ProbeAny's and Patterns'. */
typedef struct {
    uint8_t type;
    int32_t rank;
    int64_t cpu_nanos;
    int32_t peer;      /* Sent: dst; Receive, Probe: source */
    int32_t tag;
    int32_t bytes;     /* Sent */
    int32_t context;   /* Sent, Receive, Probe */
    int32_t task_id;   /* TaskDone */
    int64_t measured_cpu_nanos; /* TaskDone */
    int64_t facts_before;       /* Progress */
    int needs_answer;  /* Receive */
    int as_of_now;     /* ProbeAny */
    int pattern_count;
    const mse_pattern *patterns;
    const char *reason;
    /* Collective, CallEnter: the call's name. Collective: its communicator (its id, the world rank of its rank 0 and
     * its size: communicators with no member in common may share an id) and what its ranks must agree on (the n-th
     * collective of a communicator is compared across its members); -1 for a root, byte count or operation the call
     * does not have. */
    const char *call;
    int32_t comm, leader, members, root, op;
    int32_t member_index, parent; /* CommMember: the rank's place in comm (also its leader and members), and comm's parent */
    /* RequestStarted: the request's number, its context and (a nonblocking collective's) its first tag and tag count, 0
     * for a receive. RequestCompleted: the number, and a receive's message (peer its source, tag, context, bytes) */
    int32_t request, tags;
    int64_t data_bytes;
    int64_t off_cpu_nanos, outside_nanos; /* OffCpu */
    /* Error: the call (in call), MPI's string of the error it returned to the program, and the handler that let the
     * program go on (MPI_ERRORS_RETURN, or the program's own). */
    const char *error, *handler;
    /* Blocks: what a member (member_index) of the v collective it just reported (COLLECTIVE) sends to and expects from
     * each member, in bytes, -1 where nothing; block_count of them from member first on. */
    int32_t first, block_count;
    const int64_t *sends, *receives;
} mse_fact;

/* One reply. next is GrantAhead's next and Forecast's decision; has_next says whether a Grant carried one. */
typedef struct {
    uint8_t type;
    int32_t rank;
    mse_envelope granted;        /* Grant */
    int64_t virtual_nanos;       /* Grant, Clock, NothingArrived */
    int has_next;
    mse_envelope next;           /* GrantAhead, Forecast */
    int64_t blocking_calls;      /* Forecast */
    mse_pattern pattern;         /* Forecast */
    int64_t facts_seen;          /* ProgressRequest */
    int64_t cpu_nanos;           /* ProgressRequest */
    char reason[512];            /* Abort, cut to fit */
} mse_reply;

/* The size of a message of count elements of type_size bytes each when the wire can carry it (its byte counts are
 * i32: 0 to 2 GiB - 1): 0 with *bytes; -1 when it cannot (count or type_size negative, or the product larger,
 * overflowing 64 bits included). */
int mse_wire_bytes(int64_t count, int64_t type_size, int64_t *bytes);

/* The encoded size of a fact, or of Hello. */
size_t mse_fact_size(const mse_fact *fact);
size_t mse_hello_size(const char *token);

/* Writes the payload into out (room for mse_*_size bytes); returns the bytes written. */
size_t mse_encode_fact(const mse_fact *fact, uint8_t *out);
size_t mse_encode_hello(const char *token, int32_t rank, int32_t np, int lower_bounds, uint8_t *out);

/* Decodes one reply payload; 0 on success, else -1 with a cause in error (room for 160 bytes). */
int mse_decode_reply(const uint8_t *payload, size_t length, mse_reply *reply, char *error);

/* The protocol's name of a type byte (HELLO, SENT, GRANT, ...), for messages. */
const char *mse_type_name(uint8_t type);

#endif
