/* The C side of the golden-frame test (docs/wire-golden-frames.txt, which the Java side reads too): every
 * rank-to-emulator line encodes to exactly its bytes, every emulator-to-rank line decodes to exactly its fields,
 * every message type has a line, and a malformed reply is refused. Usage: test_wire GOLDEN_FILE */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wire.h"

#define MAX_FIELDS 16

typedef struct {
    char name[32];
    int count;
    char keys[MAX_FIELDS][32];
    char values[MAX_FIELDS][256];
    uint8_t bytes[512];
    size_t length;
} golden;

static const char *value(const golden *g, const char *key) {
    for (int i = 0; i < g->count; i++) {
        if (strcmp(g->keys[i], key) == 0) {
            return g->values[i];
        }
    }
    fprintf(stderr, "%s: no field %s\n", g->name, key);
    checks_failed++;
    return "0";
}

static long long number(const golden *g, const char *key) {
    return strtoll(value(g, key), NULL, 10);
}

/* NAME key=value ... | HEX; 0, or -1 for a line that is not one. */
static int parse(char *line, golden *g) {
    memset(g, 0, sizeof *g);
    char *bar = strstr(line, " | ");
    if (bar == NULL) {
        return -1;
    }
    *bar = '\0';
    for (const char *h = bar + 3; h[0] && h[1] && h[0] != '\n'; h += 2) {
        unsigned byte;
        sscanf(h, "%2x", &byte);
        g->bytes[g->length++] = (uint8_t) byte;
    }
    char *token = strtok(line, " ");
    snprintf(g->name, sizeof g->name, "%s", token);
    while ((token = strtok(NULL, " ")) != NULL && g->count < MAX_FIELDS) {
        char *eq = strchr(token, '=');
        if (eq == NULL) {
            return -1;
        }
        *eq = '\0';
        snprintf(g->keys[g->count], sizeof g->keys[0], "%s", token);
        snprintf(g->values[g->count++], sizeof g->values[0], "%s", eq + 1);
    }
    return 0;
}

static const struct { const char *name; uint8_t type; } TYPES[] = {
    {"COMPUTED", MSE_COMPUTED}, {"PROGRESS", MSE_PROGRESS}, {"SENT", MSE_SENT}, {"RECEIVE", MSE_RECEIVE},
    {"CLOCK_QUERY", MSE_CLOCK_QUERY}, {"FINISHED", MSE_FINISHED}, {"FAILED", MSE_FAILED}, {"PROBE", MSE_PROBE},
    {"TASK_DONE", MSE_TASK_DONE}, {"PROBE_ANY", MSE_PROBE_ANY}, {"GRANT", MSE_GRANT}, {"CLOCK", MSE_CLOCK},
    {"ABORT", MSE_ABORT}, {"PROGRESS_REQUEST", MSE_PROGRESS_REQUEST}, {"NOTHING_ARRIVED", MSE_NOTHING_ARRIVED},
    {"GRANT_AHEAD", MSE_GRANT_AHEAD}, {"FORECAST", MSE_FORECAST}, {"HELLO", MSE_HELLO}, {"PATTERNS", MSE_PATTERNS},
    {"COLLECTIVE", MSE_COLLECTIVE}, {"CALL_ENTER", MSE_CALL_ENTER}, {"CALL_LEAVE", MSE_CALL_LEAVE},
    {"OFF_CPU", MSE_OFF_CPU}, {"COMM_MEMBER", MSE_COMM_MEMBER},
    {"ERROR", MSE_ERROR}, {"BLOCKS", MSE_BLOCKS},
    {"REQUEST_STARTED", MSE_REQUEST_STARTED}, {"REQUEST_COMPLETED", MSE_REQUEST_COMPLETED}};
#define TYPE_COUNT ((int) (sizeof TYPES / sizeof TYPES[0]))

static int type_of(const char *name) {
    for (int i = 0; i < TYPE_COUNT; i++) {
        if (strcmp(TYPES[i].name, name) == 0) {
            return TYPES[i].type;
        }
    }
    return -1;
}

/* A comma-separated list of at most room numbers into out; how many. */
static int numbers(const char *list, int64_t *out, int room) {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", list);
    int n = 0;
    for (char *p = strtok(copy, ","); p != NULL && n < room; p = strtok(NULL, ",")) {
        out[n++] = strtoll(p, NULL, 10);
    }
    return n;
}

static void check_bytes(const golden *g, const uint8_t *encoded, size_t length) {
    CHECK(length == g->length && memcmp(encoded, g->bytes, length) == 0, "%s encodes to other bytes (%zu, golden %zu)",
          g->name, length, g->length);
}

static void check_encoding(const golden *g, uint8_t type) {
    uint8_t out[1024];
    if (type == MSE_HELLO) {
        CHECK_EQ(MSE_PROTOCOL_VERSION, number(g, "version"), "HELLO version");
        size_t n = mse_encode_hello(value(g, "token"), (int32_t) number(g, "rank"), (int32_t) number(g, "np"),
                                    (int) number(g, "lowerBounds"), out);
        CHECK_EQ(mse_hello_size(value(g, "token")), n, "HELLO size");
        check_bytes(g, out, n);
        return;
    }
    mse_pattern patterns[16];
    int64_t sends[16], receives[16];
    mse_fact f = {.type = type, .rank = (int32_t) number(g, "rank"), .sends = sends, .receives = receives};
    for (int i = 0; i < g->count; i++) {
        const char *k = g->keys[i];
        long long v = strtoll(g->values[i], NULL, 10);
        if (strcmp(k, "cpuNanos") == 0) f.cpu_nanos = v;
        else if (strcmp(k, "factsBefore") == 0) f.facts_before = v;
        else if (strcmp(k, "dst") == 0 || strcmp(k, "source") == 0) f.peer = (int32_t) v;
        else if (strcmp(k, "tag") == 0) f.tag = (int32_t) v;
        else if (strcmp(k, "bytes") == 0) f.bytes = (int32_t) v;
        else if (strcmp(k, "context") == 0) f.context = (int32_t) v;
        else if (strcmp(k, "needsAnswer") == 0) f.needs_answer = (int) v;
        else if (strcmp(k, "asOfNow") == 0) f.as_of_now = (int) v;
        else if (strcmp(k, "taskId") == 0) f.task_id = (int32_t) v;
        else if (strcmp(k, "measuredCpuNanos") == 0) f.measured_cpu_nanos = v;
        else if (strcmp(k, "reason") == 0) f.reason = g->values[i];
        else if (strcmp(k, "call") == 0) f.call = g->values[i];
        else if (strcmp(k, "comm") == 0) f.comm = (int32_t) v;
        else if (strcmp(k, "leader") == 0) f.leader = (int32_t) v;
        else if (strcmp(k, "members") == 0) f.members = (int32_t) v;
        else if (strcmp(k, "root") == 0) f.root = (int32_t) v;
        else if (strcmp(k, "dataBytes") == 0) f.data_bytes = v;
        else if (strcmp(k, "op") == 0) f.op = (int32_t) v;
        else if (strcmp(k, "offCpuNanos") == 0) f.off_cpu_nanos = v;
        else if (strcmp(k, "outsideNanos") == 0) f.outside_nanos = v;
        else if (strcmp(k, "index") == 0) f.member_index = (int32_t) v;
        else if (strcmp(k, "parent") == 0) f.parent = (int32_t) v;
        else if (strcmp(k, "error") == 0) f.error = g->values[i];
        else if (strcmp(k, "first") == 0) f.first = (int32_t) v;
        else if (strcmp(k, "sends") == 0) f.block_count = numbers(g->values[i], sends, 16);
        else if (strcmp(k, "receives") == 0) numbers(g->values[i], receives, 16);
        else if (strcmp(k, "handler") == 0) f.handler = g->values[i];
        else if (strcmp(k, "request") == 0) f.request = (int32_t) v;
        else if (strcmp(k, "firstTag") == 0) f.tag = (int32_t) v;
        else if (strcmp(k, "tags") == 0) f.tags = (int32_t) v;
        else if (strcmp(k, "patterns") == 0) {
            char copy[256];
            snprintf(copy, sizeof copy, "%s", g->values[i]);
            for (char *p = strtok(copy, ","); p != NULL && f.pattern_count < 16; p = strtok(NULL, ",")) {
                sscanf(p, "%d:%d:%d", &patterns[f.pattern_count].source, &patterns[f.pattern_count].tag,
                       &patterns[f.pattern_count].context);
                f.pattern_count++;
            }
            f.patterns = patterns;
        } else if (strcmp(k, "rank") != 0) {
            CHECK(0, "%s: field %s unknown to the C library", g->name, k);
        }
    }
    size_t n = mse_encode_fact(&f, out);
    CHECK_EQ(mse_fact_size(&f), n, g->name);
    check_bytes(g, out, n);
}

static void check_decoding(const golden *g, uint8_t type) {
    mse_reply r;
    char error[160];
    CHECK(mse_decode_reply(g->bytes, g->length, &r, error) == 0, "%s does not decode: %s", g->name, error);
    CHECK_EQ(type, r.type, g->name);
    for (int i = 0; i < g->count; i++) {
        const char *k = g->keys[i];
        long long v = strtoll(g->values[i], NULL, 10);
        long long got;
        if (strcmp(k, "rank") == 0) got = r.rank;
        else if (strcmp(k, "source") == 0) got = type == MSE_FORECAST ? r.next.source : r.granted.source;
        else if (strcmp(k, "tag") == 0) got = type == MSE_FORECAST ? r.next.tag : r.granted.tag;
        else if (strcmp(k, "bytes") == 0) got = type == MSE_FORECAST ? r.next.bytes : r.granted.bytes;
        else if (strcmp(k, "virtualNanos") == 0) got = r.virtual_nanos;
        else if (strcmp(k, "nextSource") == 0) got = r.next.source;
        else if (strcmp(k, "nextTag") == 0) got = r.next.tag;
        else if (strcmp(k, "nextBytes") == 0) got = r.next.bytes;
        else if (strcmp(k, "blockingCalls") == 0) got = r.blocking_calls;
        else if (strcmp(k, "patternSource") == 0) got = r.pattern.source;
        else if (strcmp(k, "patternTag") == 0) got = r.pattern.tag;
        else if (strcmp(k, "context") == 0) {
            got = type == MSE_FORECAST ? r.pattern.context : r.granted.context;
            CHECK((!r.has_next && type != MSE_FORECAST) || r.next.context == got, "%s: the next match's context", g->name);
        }
        else if (strcmp(k, "factsSeen") == 0) got = r.facts_seen;
        else if (strcmp(k, "cpuNanos") == 0) got = r.cpu_nanos;
        else if (strcmp(k, "reason") == 0) {
            CHECK(strcmp(g->values[i], r.reason) == 0, "%s reason: expected %s, got %s", g->name, g->values[i], r.reason);
            continue;
        } else {
            CHECK(0, "%s: field %s unknown to the C library", g->name, k);
            continue;
        }
        CHECK(v == got, "%s %s: expected %lld, got %lld", g->name, k, v, got);
    }
    CHECK_EQ(type == MSE_GRANT_AHEAD, r.has_next, "a grant carries a next exactly when it is GRANT_AHEAD");
}

/* Malformed replies are refused, never read past their end. */
static void check_malformed(void) {
    uint8_t grant[] = {0x20, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 12, 0, 0, 0x10, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3};
    mse_reply r;
    char error[160];
    CHECK(mse_decode_reply(grant, sizeof grant, &r, error) == 0, "a whole GRANT decodes: %s", error);
    CHECK(mse_decode_reply(grant, sizeof grant - 1, &r, error) == -1, "a GRANT one byte short is refused");
    uint8_t longer[sizeof grant + 1];
    memcpy(longer, grant, sizeof grant);
    longer[sizeof grant] = 0;
    CHECK(mse_decode_reply(longer, sizeof longer, &r, error) == -1, "a trailing byte is refused");
    uint8_t fact[] = {0x12, 0, 0, 0, 0};
    CHECK(mse_decode_reply(fact, sizeof fact, &r, error) == -1 && strstr(error, "0x12") != NULL,
          "a fact where a reply belongs is refused naming its type: %s", error);
    uint8_t abort_reason[] = {0x22, 0, 0, 0, 2, 0x7f, 0xff, 0xff, 0xff, 'x'};
    CHECK(mse_decode_reply(abort_reason, sizeof abort_reason, &r, error) == -1, "a string longer than its frame");
}

/* The wire carries messages up to 2 GiB - 1 bytes: a datatype of 2 GiB or more sent once is refused, as is a product
 * that overflows. */
static void check_message_sizes(void) {
    int64_t bytes = -1;
    CHECK(mse_wire_bytes(3, 4, &bytes) == 0 && bytes == 12, "12 bytes: %lld", (long long) bytes);
    CHECK(mse_wire_bytes(0, 3LL << 30, &bytes) == 0 && bytes == 0, "no element of a 3 GiB type is 0 bytes");
    CHECK(mse_wire_bytes(1, INT32_MAX, &bytes) == 0 && bytes == INT32_MAX, "2 GiB - 1 fits");
    CHECK(mse_wire_bytes(1, (int64_t) INT32_MAX + 1, &bytes) == -1, "a 2 GiB type sent once does not");
    CHECK(mse_wire_bytes(1, 3LL << 30, &bytes) == -1, "nor a 3 GiB one");
    CHECK(mse_wire_bytes(1 << 30, 2, &bytes) == -1, "nor 2^30 elements of 2 bytes");
    CHECK(mse_wire_bytes(INT32_MAX, INT64_MAX / 2, &bytes) == -1, "a product beyond 64 bits is refused, not wrapped");
    CHECK(mse_wire_bytes(-1, 4, &bytes) == -1 && mse_wire_bytes(4, -32766, &bytes) == -1, "negatives are refused");
}

int main(int argc, char **argv) {
    FILE *in = fopen(argc > 1 ? argv[1] : "../docs/wire-golden-frames.txt", "r");
    CHECK(in != NULL, "cannot open the golden frames %s", argc > 1 ? argv[1] : "");
    int seen[TYPE_COUNT] = {0};
    char line[4096];
    while (in != NULL && fgets(line, sizeof line, in) != NULL) {
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        golden g;
        CHECK(parse(line, &g) == 0, "not a golden line: %s", line);
        int type = type_of(g.name);
        CHECK(type >= 0, "unknown message %s", g.name);
        if (type < 0) {
            continue;
        }
        for (int i = 0; i < TYPE_COUNT; i++) {
            seen[i] += TYPES[i].type == type;
        }
        if (type < MSE_GRANT || type >= MSE_ERROR) { /* facts: below the replies, and from 0x30 on */
            check_encoding(&g, (uint8_t) type);
        } else {
            check_decoding(&g, (uint8_t) type);
        }
    }
    for (int i = 0; i < TYPE_COUNT; i++) {
        CHECK(seen[i] > 0, "no golden line for %s", TYPES[i].name);
    }
    if (in != NULL) {
        fclose(in);
    }
    check_malformed();
    check_message_sizes();
    return checks_end("test_wire");
}
