/* Encoding and decoding of the wire protocol (docs/wire-protocol.md), field for field as FrameCodec.java. */
#include "wire.h"

#include <stdio.h>
#include <string.h>

/* A Failed reason is cut to this many bytes (never inside a UTF-8 sequence), so it always fits a frame. */
#define MAX_REASON_BYTES (16 * 1024)

static uint8_t *put_i32(uint8_t *p, int32_t v) {
    uint32_t u = (uint32_t) v;
    p[0] = (uint8_t) (u >> 24); p[1] = (uint8_t) (u >> 16); p[2] = (uint8_t) (u >> 8); p[3] = (uint8_t) u;
    return p + 4;
}

static uint8_t *put_i64(uint8_t *p, int64_t v) {
    uint64_t u = (uint64_t) v;
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t) (u >> (56 - 8 * i));
    }
    return p + 8;
}

static size_t reason_bytes(const char *reason) {
    size_t n = reason == NULL ? 0 : strlen(reason);
    if (n <= MAX_REASON_BYTES) {
        return n;
    }
    n = MAX_REASON_BYTES;
    while (n > 0 && ((unsigned char) reason[n] & 0xC0) == 0x80) {
        n--; /* the cut would fall inside a multi-byte character: cut before it */
    }
    return n;
}

static uint8_t *put_string(uint8_t *p, const char *s, size_t n) {
    p = put_i32(p, (int32_t) n);
    if (n > 0) {
        memcpy(p, s, n);
    }
    return p + n;
}

static uint8_t *put_patterns(uint8_t *p, const mse_fact *f) {
    p = put_i32(p, f->pattern_count);
    for (int i = 0; i < f->pattern_count; i++) {
        p = put_i32(put_i32(put_i32(p, f->patterns[i].source), f->patterns[i].tag), f->patterns[i].context);
    }
    return p;
}

int mse_wire_bytes(int64_t count, int64_t type_size, int64_t *bytes) {
    int64_t product;
    if (count < 0 || type_size < 0 || __builtin_mul_overflow(count, type_size, &product) || product > INT32_MAX) {
        return -1;
    }
    *bytes = product;
    return 0;
}

size_t mse_hello_size(const char *token) {
    return 1 + 4 + 4 + strlen(token) + 4 + 4 + 1;
}

size_t mse_encode_hello(const char *token, int32_t rank, int32_t np, int lower_bounds, uint8_t *out) {
    uint8_t *p = out;
    *p++ = MSE_HELLO;
    p = put_i32(p, MSE_PROTOCOL_VERSION);
    p = put_string(p, token, strlen(token));
    p = put_i32(p, rank);
    p = put_i32(p, np);
    *p++ = lower_bounds ? 1 : 0;
    return (size_t) (p - out);
}

size_t mse_fact_size(const mse_fact *f) {
    switch (f->type) {
    case MSE_COMPUTED: case MSE_CLOCK_QUERY: case MSE_FINISHED: return 13;
    case MSE_PROGRESS: return 21;
    case MSE_PROBE: case MSE_TASK_DONE: return 25;
    case MSE_SENT: return 29;
    case MSE_RECEIVE: return 26;
    case MSE_PROBE_ANY: return 18 + MSE_PATTERN_BYTES * (size_t) f->pattern_count;
    case MSE_PATTERNS: return 9 + MSE_PATTERN_BYTES * (size_t) f->pattern_count;
    case MSE_FAILED: return 9 + reason_bytes(f->reason);
    case MSE_COLLECTIVE: return 37 + strlen(f->call);
    case MSE_CALL_ENTER: return 17 + strlen(f->call);
    case MSE_CALL_LEAVE: return 13;
    case MSE_OFF_CPU: return 21;
    case MSE_COMM_MEMBER: return 25;
    case MSE_ERROR: return 17 + strlen(f->call) + strlen(f->error) + strlen(f->handler);
    case MSE_BLOCKS: return 17 + 16 * (size_t) f->block_count;
    case MSE_REQUEST_STARTED: return 21;
    case MSE_REQUEST_COMPLETED: return 25;
    default: return 0;
    }
}

size_t mse_encode_fact(const mse_fact *f, uint8_t *out) {
    uint8_t *p = out;
    *p++ = f->type;
    p = put_i32(p, f->rank);
    switch (f->type) {
    case MSE_PROGRESS:
        p = put_i64(put_i64(p, f->facts_before), f->cpu_nanos);
        break;
    case MSE_SENT:
        p = put_i32(put_i32(put_i32(put_i32(put_i64(p, f->cpu_nanos), f->peer), f->tag), f->bytes), f->context);
        break;
    case MSE_RECEIVE:
        p = put_i32(put_i32(put_i64(p, f->cpu_nanos), f->peer), f->tag);
        *p++ = f->needs_answer ? 1 : 0;
        p = put_i32(p, f->context);
        break;
    case MSE_PROBE:
        p = put_i32(put_i32(put_i32(put_i64(p, f->cpu_nanos), f->peer), f->tag), f->context);
        break;
    case MSE_PROBE_ANY:
        p = put_i64(p, f->cpu_nanos);
        *p++ = f->as_of_now ? 1 : 0;
        p = put_patterns(p, f);
        break;
    case MSE_PATTERNS:
        p = put_patterns(p, f);
        break;
    case MSE_TASK_DONE:
        p = put_i64(put_i32(put_i64(p, f->cpu_nanos), f->task_id), f->measured_cpu_nanos);
        break;
    case MSE_FAILED:
        p = put_string(p, f->reason, reason_bytes(f->reason));
        break;
    case MSE_COLLECTIVE:
        p = put_string(p, f->call, strlen(f->call));
        p = put_i32(put_i32(put_i32(put_i32(p, f->comm), f->leader), f->members), f->root);
        p = put_i32(put_i64(p, f->data_bytes), f->op);
        break;
    case MSE_CALL_ENTER:
        p = put_i64(p, f->cpu_nanos);
        p = put_string(p, f->call, strlen(f->call));
        break;
    case MSE_OFF_CPU:
        p = put_i64(put_i64(p, f->off_cpu_nanos), f->outside_nanos);
        break;
    case MSE_COMM_MEMBER:
        p = put_i32(put_i32(put_i32(put_i32(put_i32(p, f->comm), f->leader), f->members), f->member_index), f->parent);
        break;
    case MSE_ERROR:
        p = put_string(p, f->call, strlen(f->call));
        p = put_string(p, f->error, strlen(f->error));
        p = put_string(p, f->handler, strlen(f->handler));
        break;
    case MSE_BLOCKS:
        p = put_i32(put_i32(put_i32(p, f->member_index), f->first), f->block_count);
        for (int i = 0; i < f->block_count; i++) {
            p = put_i64(put_i64(p, f->sends[i]), f->receives[i]);
        }
        break;
    case MSE_REQUEST_STARTED:
        p = put_i32(put_i32(put_i32(put_i32(p, f->request), f->context), f->tag), f->tags);
        break;
    case MSE_REQUEST_COMPLETED:
        p = put_i32(put_i32(put_i32(put_i32(put_i32(p, f->request), f->peer), f->tag), f->context), f->bytes);
        break;
    default: /* Computed, ClockQuery, Finished, CallLeave */
        p = put_i64(p, f->cpu_nanos);
        break;
    }
    return (size_t) (p - out);
}

/* A cursor over a reply payload that fails instead of reading past its end. */
typedef struct {
    const uint8_t *p, *end;
    char *error;
} reader;

static int need(reader *in, size_t n, const char *field) {
    if ((size_t) (in->end - in->p) < n) {
        snprintf(in->error, 160, "reply ends inside field %s", field);
        return -1;
    }
    return 0;
}

static int get_i32(reader *in, int32_t *v, const char *field) {
    if (need(in, 4, field)) {
        return -1;
    }
    uint32_t u = ((uint32_t) in->p[0] << 24) | ((uint32_t) in->p[1] << 16) | ((uint32_t) in->p[2] << 8) | in->p[3];
    *v = (int32_t) u;
    in->p += 4;
    return 0;
}

static int get_i64(reader *in, int64_t *v, const char *field) {
    if (need(in, 8, field)) {
        return -1;
    }
    uint64_t u = 0;
    for (int i = 0; i < 8; i++) {
        u = (u << 8) | in->p[i];
    }
    *v = (int64_t) u;
    in->p += 8;
    return 0;
}

static int get_envelope(reader *in, mse_envelope *e) {
    return get_i32(in, &e->source, "source") || get_i32(in, &e->tag, "tag") || get_i32(in, &e->bytes, "bytes");
}

static int get_reason(reader *in, mse_reply *r) {
    int32_t n;
    if (get_i32(in, &n, "reason") || n < 0 || need(in, (size_t) n, "reason")) {
        return -1;
    }
    size_t kept = (size_t) n < sizeof r->reason ? (size_t) n : sizeof r->reason - 1;
    memcpy(r->reason, in->p, kept);
    r->reason[kept] = '\0';
    in->p += n;
    return 0;
}

int mse_decode_reply(const uint8_t *payload, size_t length, mse_reply *r, char *error) {
    reader in = {payload, payload + length, error};
    error[0] = '\0';
    memset(r, 0, sizeof *r);
    if (need(&in, 1, "type")) {
        return -1;
    }
    r->type = *in.p++;
    int bad = get_i32(&in, &r->rank, "rank");
    switch (r->type) {
    case MSE_GRANT:
    case MSE_GRANT_AHEAD:
        bad = bad || get_envelope(&in, &r->granted) || get_i64(&in, &r->virtual_nanos, "virtualNanos");
        r->has_next = r->type == MSE_GRANT_AHEAD;
        bad = bad || (r->has_next && get_envelope(&in, &r->next)) || get_i32(&in, &r->granted.context, "context");
        r->next.context = r->granted.context; /* the next receive is of the same pattern: on the same context */
        break;
    case MSE_CLOCK:
    case MSE_NOTHING_ARRIVED:
        bad = bad || get_i64(&in, &r->virtual_nanos, "virtualNanos");
        break;
    case MSE_ABORT:
        bad = bad || get_reason(&in, r);
        break;
    case MSE_FORECAST:
        bad = bad || get_i64(&in, &r->blocking_calls, "blockingCalls") || get_i32(&in, &r->pattern.source, "patternSource")
                || get_i32(&in, &r->pattern.tag, "patternTag") || get_envelope(&in, &r->next)
                || get_i32(&in, &r->pattern.context, "context");
        r->next.context = r->pattern.context;
        break;
    case MSE_PROGRESS_REQUEST:
        bad = bad || get_i64(&in, &r->facts_seen, "factsSeen") || get_i64(&in, &r->cpu_nanos, "cpuNanos");
        break;
    default:
        snprintf(error, 160, "expected an emulator reply, got type 0x%02x", r->type);
        return -1;
    }
    if (bad) {
        if (error[0] == '\0') {
            snprintf(error, 160, "malformed %s", mse_type_name(r->type));
        }
        return -1;
    }
    if (in.p != in.end) {
        snprintf(error, 160, "%s with %d trailing bytes", mse_type_name(r->type), (int) (in.end - in.p));
        return -1;
    }
    return 0;
}

const char *mse_type_name(uint8_t type) {
    switch (type) {
    case MSE_HELLO: return "HELLO";
    case MSE_COMPUTED: return "COMPUTED";
    case MSE_PROGRESS: return "PROGRESS";
    case MSE_SENT: return "SENT";
    case MSE_RECEIVE: return "RECEIVE";
    case MSE_CLOCK_QUERY: return "CLOCK_QUERY";
    case MSE_FINISHED: return "FINISHED";
    case MSE_FAILED: return "FAILED";
    case MSE_PROBE: return "PROBE";
    case MSE_TASK_DONE: return "TASK_DONE";
    case MSE_PROBE_ANY: return "PROBE_ANY";
    case MSE_PATTERNS: return "PATTERNS";
    case MSE_COLLECTIVE: return "COLLECTIVE";
    case MSE_CALL_ENTER: return "CALL_ENTER";
    case MSE_CALL_LEAVE: return "CALL_LEAVE";
    case MSE_OFF_CPU: return "OFF_CPU";
    case MSE_COMM_MEMBER: return "COMM_MEMBER";
    case MSE_ERROR: return "ERROR";
    case MSE_BLOCKS: return "BLOCKS";
    case MSE_REQUEST_STARTED: return "REQUEST_STARTED";
    case MSE_REQUEST_COMPLETED: return "REQUEST_COMPLETED";
    case MSE_GRANT: return "GRANT";
    case MSE_CLOCK: return "CLOCK";
    case MSE_ABORT: return "ABORT";
    case MSE_PROGRESS_REQUEST: return "PROGRESS_REQUEST";
    case MSE_NOTHING_ARRIVED: return "NOTHING_ARRIVED";
    case MSE_GRANT_AHEAD: return "GRANT_AHEAD";
    case MSE_FORECAST: return "FORECAST";
    default: return "UNKNOWN";
    }
}
