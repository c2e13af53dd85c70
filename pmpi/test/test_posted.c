/* MPI's matching of posted receives (posted.h) against a scripted receive side: messages in virtual arrival order,
 * each taken whole by the earliest-posted pending receive that matches it, whichever call does the matching. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "patterns.h"
#include "posted.h"

#define MAX_MESSAGES 16

/* The scripted side: messages in the order they arrive in virtual time; `arrived` of them have by now. */
typedef struct {
    mse_envelope queue[MAX_MESSAGES];
    int count, arrived;
    int probes, polls;
    int most_patterns; /* the most patterns one probe or poll asked for */
} script;

/* A receive's target: which message it got (its bytes field, used as an id). */
typedef struct {
    int got;
} slot;

static int first_matching(script *s, const mse_pattern *p, int n, int limit) {
    for (int i = 0; i < limit; i++) {
        for (int k = 0; k < n; k++) {
            if (mse_pattern_matches(p[k], s->queue[i])) {
                return i;
            }
        }
    }
    return -1;
}

static mse_envelope probe(void *ctx, const mse_pattern *p, int n) {
    script *s = ctx;
    s->probes++;
    s->most_patterns = n > s->most_patterns ? n : s->most_patterns;
    int i = first_matching(s, p, n, s->count);
    CHECK(i >= 0, "a blocking probe found no message: the test would hang");
    return i >= 0 ? s->queue[i] : (mse_envelope) {0, 0, -1, 0};
}

static int poll_now(void *ctx, const mse_pattern *p, int n, mse_envelope *first) {
    script *s = ctx;
    s->polls++;
    s->most_patterns = n > s->most_patterns ? n : s->most_patterns;
    int i = first_matching(s, p, n, s->arrived);
    if (i >= 0) {
        *first = s->queue[i];
    }
    return i >= 0;
}

/* MPI's non-overtaking rule: the first queued message from exactly (source, tag). */
static void take(void *ctx, mse_pattern exact, void *target) {
    script *s = ctx;
    int i = first_matching(s, &exact, 1, s->count);
    CHECK(i >= 0, "take(%d, %d) found no message", exact.source, exact.tag);
    if (i < 0) {
        return;
    }
    ((slot *) target)->got = s->queue[i].bytes;
    memmove(&s->queue[i], &s->queue[i + 1], sizeof(mse_envelope) * (size_t) (s->count - i - 1));
    s->count--;
    s->arrived -= i < s->arrived;
}

static mse_side side_of(script *s) {
    return (mse_side) {.probe = probe, .poll = poll_now, .take = take, .ctx = s};
}

static void post(mse_posted_list *list, mse_posted *r, slot *into, int source, int tag) {
    into->got = 0;
    r->pattern = (mse_pattern) {source, tag, 0};
    r->target = into;
    mse_posted_add(list, r);
}

/* The patterns of a set: each distinct one once, and none that another covers. */
static int covers(mse_pattern_tally *t, mse_pattern p) {
    const mse_pattern *cover;
    int n;
    mse_tally_cover(t, &cover, &n);
    for (int i = 0; i < n; i++) {
        if (cover[i].source == p.source && cover[i].tag == p.tag) {
            return 1;
        }
    }
    return 0;
}

static void tally_rules(void) {
    mse_pattern_tally t;
    mse_tally_init(&t);
    mse_pattern one_five = {1, 5, 0}, one_any = {1, MSE_ANY, 0}, any_five = {MSE_ANY, 5, 0}, two_five = {2, 5, 0},
                any = {MSE_ANY, MSE_ANY, 0}, elsewhere = {1, MSE_ANY, 3}, two_six = {2, 6, 0};
    for (int i = 0; i < 1000; i++) {
        mse_tally_add(&t, one_five);
    }
    const mse_pattern *cover;
    int n;
    CHECK(mse_tally_cover(&t, &cover, &n) == 0 && n == 1 && cover[0].tag == 5, "1,000 alike ask once (%d)", n);
    mse_tally_add(&t, two_five);
    mse_tally_add(&t, two_six);
    mse_tally_add(&t, one_any);
    mse_tally_add(&t, elsewhere);
    CHECK(!covers(&t, one_five) && covers(&t, one_any) && covers(&t, two_five), "(1, ANY) covers (1, 5), not (2, 5)");
    mse_tally_add(&t, any_five);
    CHECK(!covers(&t, two_five) && covers(&t, any_five) && covers(&t, two_six), "(ANY, 5) covers (2, 5), not (2, 6)");
    mse_tally_add(&t, any);
    mse_tally_cover(&t, &cover, &n);
    CHECK(n == 2 && covers(&t, any) && covers(&t, elsewhere), "(ANY, ANY) covers all but another context's (%d)", n);
    mse_tally_remove(&t, any);
    CHECK(covers(&t, one_any) && covers(&t, any_five) && covers(&t, two_six) && !covers(&t, two_five),
          "gone, the ones it covered are back");
    for (int i = 0; i < 1000; i++) {
        mse_tally_remove(&t, one_five);
    }
    mse_tally_remove(&t, one_any);
    CHECK(covers(&t, two_six) && !covers(&t, one_five) && mse_tally_live(&t) == 4, "(1, 5) gone (%d live)",
          mse_tally_live(&t));
    /* Many distinct patterns come and go: the table keeps only the live ones. */
    for (int i = 0; i < 5000; i++) {
        mse_tally_add(&t, (mse_pattern) {3, 1000 + i, 0});
    }
    for (int i = 0; i < 4999; i++) {
        mse_tally_remove(&t, (mse_pattern) {3, 1000 + i, 0});
    }
    mse_tally_cover(&t, &cover, &n);
    CHECK(n == 4 && covers(&t, (mse_pattern) {3, 5999, 0}) && t.used < 100, "4 live of 5,004 (%d, %d entries)", n, t.used);
    mse_tally_free(&t);
}

/* A side with an endless supply of messages from rank 1, tag 5, all arrived: a test over N receives of that pattern. */
typedef struct {
    int sent, taken, polls, most_patterns;
} stream;

static int stream_poll(void *ctx, const mse_pattern *p, int n, mse_envelope *first) {
    stream *s = ctx;
    s->polls++;
    s->most_patterns = n > s->most_patterns ? n : s->most_patterns;
    *first = (mse_envelope) {1, 5, s->taken, 0};
    return s->taken < s->sent && mse_pattern_matches(p[0], *first);
}

static void stream_take(void *ctx, mse_pattern exact, void *target) {
    stream *s = ctx;
    CHECK(exact.source == 1 && exact.tag == 5, "take(%d, %d)", exact.source, exact.tag);
    ((slot *) target)->got = s->taken++;
}

static void many_alike(int count) {
    stream s = {.sent = count};
    mse_side side = {.poll = stream_poll, .take = stream_take, .ctx = &s};
    mse_posted_list list = {.side = &side};
    mse_posted *posted = calloc((size_t) count, sizeof *posted);
    mse_posted **set = calloc((size_t) count, sizeof *set);
    slot *into = calloc((size_t) count, sizeof *into);
    for (int i = 0; i < count; i++) {
        post(&list, &posted[i], &into[i], 1, 5);
        set[i] = &posted[i];
    }
    CHECK_EQ(0, mse_posted_test_some(&list, set, count), "test_some");
    int in_order = 1;
    for (int i = 0; i < count; i++) {
        in_order &= posted[i].complete && into[i].got == i;
    }
    CHECK(in_order && list.head == NULL, "all %d taken in posting order", count);
    CHECK(s.most_patterns == 1 && s.polls == count, "one pattern a poll (%d), one poll a message (%d)",
          s.most_patterns, s.polls);
    free(posted);
    free(set);
    free(into);
}

int main(void) {
    tally_rules();
    many_alike(100000);

    /* A wait on a later wildcard irecv first gives the earlier arrival to the earlier irecv. */
    script s = {.queue = {{1, 5, 101}, {2, 5, 102}}, .count = 2, .arrived = 2};
    mse_side side = side_of(&s);
    mse_posted_list list = {.side = &side};
    mse_posted r1, r2;
    slot a, b;
    post(&list, &r1, &a, MSE_ANY, MSE_ANY);
    post(&list, &r2, &b, MSE_ANY, 5);
    mse_posted_wait(&list, &r2);
    CHECK(a.got == 101 && b.got == 102 && r1.complete && r2.complete, "earliest posted first: %d %d", a.got, b.got);
    CHECK(list.head == NULL && list.tail == NULL, "nothing left pending");

    /* A blocking receive gets the first message that no pending irecv takes first. */
    s = (script) {.queue = {{1, 5, 201}, {2, 7, 202}}, .count = 2, .arrived = 2};
    post(&list, &r1, &a, 1, 5);
    slot plain = {0};
    mse_posted_recv(&list, (mse_pattern) {MSE_ANY, MSE_ANY, 0}, &plain);
    CHECK(a.got == 201 && plain.got == 202 && r1.complete, "irecv 201, recv 202: %d %d", a.got, plain.got);

    /* With nothing pending a receive goes straight to the side, without a probe. */
    s = (script) {.queue = {{3, 1, 301}}, .count = 1, .arrived = 1};
    mse_posted_recv(&list, (mse_pattern) {3, 1, 0}, &plain);
    CHECK(plain.got == 301 && s.probes == 0, "a plain receive asks no probe (%d)", s.probes);

    /* A test is false until the message has arrived by now, then true. */
    s = (script) {.queue = {{4, 2, 401}}, .count = 1, .arrived = 0};
    post(&list, &r1, &a, 4, 2);
    CHECK(!mse_posted_test(&list, &r1) && a.got == 0, "nothing arrived yet");
    s.arrived = 1;
    CHECK(mse_posted_test(&list, &r1) && a.got == 401, "arrived: complete");

    /* Waitany: the request whose message arrives first, complete ones answering at once. */
    s = (script) {.queue = {{2, 9, 502}, {1, 9, 501}}, .count = 2, .arrived = 2};
    post(&list, &r1, &a, 1, 9);
    post(&list, &r2, &b, 2, 9);
    mse_posted *both[] = {&r1, &r2};
    CHECK_EQ(1, mse_posted_wait_any(&list, both, 2), "rank 2's message came first");
    CHECK(b.got == 502 && !r1.complete && mse_posted_pending(&list, &r1), "only the first is taken");
    CHECK_EQ(1, mse_posted_wait_any(&list, both, 2), "a complete request answers at once");
    r2.complete = 0; /* the program re-posts nothing: r2 is done; wait for r1 alone */
    mse_posted *first_only[] = {&r1};
    CHECK_EQ(0, mse_posted_wait_any(&list, first_only, 1), "then rank 1's");
    CHECK(a.got == 501, "got %d", a.got);

    /* An iprobe gives a message a pending irecv matches to that irecv and looks on. */
    s = (script) {.queue = {{1, 3, 601}, {1, 4, 602}}, .count = 2, .arrived = 2};
    post(&list, &r1, &a, 1, 3);
    mse_envelope seen;
    CHECK(mse_posted_iprobe(&list, (mse_pattern) {1, MSE_ANY, 0}, &seen) && seen.bytes == 602 && a.got == 601,
          "iprobe sees 602 after 601 went to the irecv");
    mse_envelope probed = mse_posted_probe(&list, (mse_pattern) {1, 4, 0});
    CHECK(probed.bytes == 602 && s.count == 1, "a probe leaves the message queued");

    /* Testany as of now: nothing arrived is -1; an arrival an earlier irecv outside the set matches goes to it. */
    s = (script) {.queue = {{5, 1, 701}, {6, 1, 702}}, .count = 2, .arrived = 0};
    mse_posted r3;
    slot c;
    post(&list, &r3, &c, MSE_ANY, 1);
    post(&list, &r1, &a, 5, 1);
    post(&list, &r2, &b, 6, 1);
    mse_posted *later[] = {&r1, &r2};
    CHECK_EQ(-1, mse_posted_test_any(&list, later, 2), "nothing has arrived");
    s.arrived = 1;
    CHECK_EQ(-1, mse_posted_test_any(&list, later, 2), "701 went to the earlier wildcard");
    CHECK(c.got == 701 && r3.complete && !r1.complete, "the wildcard got %d", c.got);
    s.arrived = 1;
    CHECK_EQ(1, mse_posted_test_any(&list, later, 2), "rank 6's message completes the second");
    CHECK(b.got == 702 && mse_posted_pending(&list, &r1), "the first stays pending");

    /* Testsome: every arrival as of now goes to its receive; later ones stay queued. */
    s = (script) {.queue = {{5, 1, 801}, {7, 1, 803}}, .count = 2, .arrived = 2};
    mse_posted r4;
    slot d;
    post(&list, &r4, &d, 7, 1);
    mse_posted *some[] = {&r1, &r4};
    CHECK_EQ(0, mse_posted_test_some(&list, some, 2), "test_some");
    CHECK(a.got == 801 && d.got == 803 && list.head == NULL, "both arrived and taken: %d %d", a.got, d.got);
    s = (script) {.queue = {{5, 1, 901}}, .count = 1, .arrived = 0};
    post(&list, &r1, &a, 5, 1);
    CHECK_EQ(0, mse_posted_test_some(&list, some, 2), "test_some with nothing arrived");
    CHECK(!r1.complete && s.count == 1, "nothing taken");
    s.arrived = 1;
    mse_posted_wait(&list, &r1);

    /* Waitany over receives that share patterns asks each distinct one once; a request listed twice counts once. */
    s = (script) {.queue = {{3, 4, 1101}, {2, 4, 1102}}, .count = 2, .arrived = 2};
    mse_posted q[5];
    slot qs[5];
    post(&list, &q[0], &qs[0], 2, 4);
    post(&list, &q[1], &qs[1], 2, 4);
    post(&list, &q[2], &qs[2], 3, 4);
    post(&list, &q[3], &qs[3], MSE_ANY, 4);
    post(&list, &q[4], &qs[4], 2, 4);
    mse_posted *shared[] = {&q[0], &q[1], &q[2], &q[4], &q[1]};
    CHECK_EQ(2, mse_posted_wait_any(&list, shared, 5), "rank 3's message came first");
    CHECK(s.most_patterns == 2 && qs[2].got == 1101, "two distinct patterns asked (%d)", s.most_patterns);
    mse_posted *with_wildcard[] = {&q[0], &q[1], &q[3], &q[4]};
    CHECK_EQ(0, mse_posted_wait_any(&list, with_wildcard, 4), "rank 2's goes to the earliest posted");
    CHECK(s.most_patterns == 2 && qs[0].got == 1102 && s.probes == 2, "(ANY, 4) covers (2, 4): %d patterns",
          s.most_patterns);
    CHECK(q[0].set_position == 0 && q[1].set_position == 0 && q[3].set_position == 0, "no marks left");
    mse_posted_cancel(&list, &q[1]);
    mse_posted_cancel(&list, &q[3]);
    mse_posted_cancel(&list, &q[4]);
    CHECK(list.head == NULL && list.tail == NULL, "cancelled in any order, the list is empty");

    /* Cancel: a pending receive leaves the list, and the message it would have matched goes to the next one. */
    s = (script) {.queue = {{8, 1, 1001}}, .count = 1, .arrived = 1};
    post(&list, &r1, &a, MSE_ANY, 1);
    post(&list, &r2, &b, 8, 1);
    mse_posted_cancel(&list, &r1);
    CHECK(r1.complete && !mse_posted_pending(&list, &r1) && a.got == 0, "cancelled, with no message");
    mse_posted_wait(&list, &r2);
    CHECK(b.got == 1001 && list.head == NULL, "the next receive got it: %d", b.got);
    mse_posted_cancel(&list, &r2);
    CHECK(r2.complete && b.got == 1001, "cancelling a complete receive changes nothing");

    /* A probe among other requests (a collective's receive on context 1): the set's messages go to them as they come,
     * a blocking probe stops when one of the set completes, and wanted's message is left queued for the caller. */
    s = (script) {.queue = {{3, 8, 1201, 1}, {2, 6, 1202, 0}, {3, 9, 1203, 1}}, .count = 3, .arrived = 1};
    mse_posted coll;
    slot cs;
    post(&list, &coll, &cs, 3, 8);
    coll.pattern.context = 1;
    mse_posted *among[] = {&coll};
    mse_pattern wanted = {2, 6, 0};
    CHECK_EQ(0, mse_posted_probe_among(&list, wanted, among, 1, 0, &seen), "as of now nothing for wanted");
    CHECK(coll.complete && cs.got == 1201 && s.polls == 2, "the set's message went to it (%d), then one more look",
          cs.got);
    post(&list, &coll, &cs, 3, 9);
    coll.pattern.context = 1;
    s.arrived = 2;
    CHECK_EQ(1, mse_posted_probe_among(&list, wanted, among, 1, 1, &seen), "blocking: wanted's message came first");
    CHECK(seen.bytes == 1202 && s.count == 2 && !coll.complete && coll.set_position == 0, "left queued, no marks");
    mse_posted_recv(&list, wanted, &plain);
    CHECK_EQ(0, mse_posted_probe_among(&list, wanted, among, 1, 1, &seen), "then the set's completes first");
    CHECK(cs.got == 1203 && list.head == NULL, "and got %d", cs.got);

    /* Wildcards match every tag of their context, and nothing of another: no tag is reserved for collectives. */
    mse_pattern any = {MSE_ANY, MSE_ANY, 2};
    CHECK(mse_pattern_matches(any, (mse_envelope) {0, 32760, 0, 2}), "ANY_TAG takes 32760");
    CHECK(mse_pattern_matches(any, (mse_envelope) {0, 2147483647, 0, 2}), "and MPI_TAG_UB");
    CHECK(!mse_pattern_matches(any, (mse_envelope) {0, 7, 0, 3}), "but nothing on the library's context");
    CHECK(!mse_pattern_matches((mse_pattern) {0, 7, 4}, (mse_envelope) {0, 7, 0, 2}), "nor on another communicator");
    CHECK(!mse_pattern_overlaps(any, (mse_pattern) {0, 7, 3}), "patterns of two contexts never overlap");
    CHECK(!mse_pattern_overlaps((mse_pattern) {0, 7, 3}, any), "and the other way round");
    CHECK(mse_pattern_overlaps((mse_pattern) {MSE_ANY, 3, 0}, (mse_pattern) {2, MSE_ANY, 0}), "wildcards overlap");
    CHECK(!mse_pattern_overlaps((mse_pattern) {1, 3, 0}, (mse_pattern) {2, 3, 0}), "other sources do not");
    return checks_end("test_posted");
}
