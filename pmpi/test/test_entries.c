/* A gather's and scatter's staging entries (entries.h): the buffer grows from nothing to what is added, blocks of any
 * length (zero included) keep their rank and bytes, and a scatter's routing passes each child exactly its subtree's
 * entries in order, the root's as much as an interior rank's. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "entries.h"

/* Adds rank's block of length bytes, each byte rank + i, as scatter_gather.c does with a packed block. */
static void add(mse_entries *e, int rank, int length) {
    CHECK(mse_entries_reserve(e, MSE_ENTRY_HEADER_BYTES + length) == 0, "room for %d bytes", length);
    for (int i = 0; i < length; i++) {
        e->bytes[e->used + MSE_ENTRY_HEADER_BYTES + i] = (char) (rank + i);
    }
    mse_entries_close(e, rank, length);
}

/* The ranks of e's entries in order (at most 64), each checked to hold length(rank) bytes of rank + i. */
static int ranks_of(const mse_entries *e, int *ranks, int (*length)(int)) {
    int n = 0;
    for (int at = 0, next; at < e->used && n < 64; at = next) {
        int r = mse_entries_rank_at(e, at, &next);
        CHECK_EQ(MSE_ENTRY_HEADER_BYTES + length(r), next - at, "an entry's size");
        for (int i = 0; i < length(r); i++) {
            CHECK(e->bytes[at + MSE_ENTRY_HEADER_BYTES + i] == (char) (r + i), "byte %d of rank %d's block", i, r);
        }
        ranks[n++] = r;
    }
    return n;
}

/* Gatherv's shape: rank r gives r * 37 bytes, so rank 0's block is empty and the later ones pass the first room. */
static int varied(int rank) {
    return rank * 37;
}

static void grows_from_nothing_to_every_block(void) {
    mse_entries e = {NULL, 0, 0};
    for (int r = 0; r < 12; r++) {
        add(&e, r, varied(r));
    }
    long expected = 0;
    for (int r = 0; r < 12; r++) {
        expected += MSE_ENTRY_HEADER_BYTES + varied(r);
    }
    CHECK_EQ(expected, e.used, "bytes of 12 entries");
    CHECK(e.room >= e.used, "room %d holds %d bytes", e.room, e.used);
    int ranks[64], n = ranks_of(&e, ranks, varied);
    CHECK_EQ(12, n, "entries read back");
    for (int i = 0; i < n; i++) {
        CHECK_EQ(i, ranks[i], "entries in the order added");
    }
    int32_t header[2];
    memcpy(header, e.bytes, sizeof header);
    CHECK(header[0] == 0 && header[1] == 0, "the empty block's header: rank 0, length 0 (got %d, %d)", header[0],
          header[1]);
    mse_entries_free(&e);
    CHECK(e.bytes == NULL && e.used == 0 && e.room == 0, "freed entries are empty");
}

/* What the fit hook does when a message arrives: room for exactly the granted bytes after what is held. */
static void reserves_what_arrives_and_refuses_past_a_message(void) {
    mse_entries e = {NULL, 0, 0};
    add(&e, 3, varied(3));
    int held = e.used;
    CHECK(mse_entries_reserve(&e, 5000) == 0 && e.room - e.used >= 5000, "room for 5000 more bytes");
    CHECK_EQ(held, e.used, "reserving adds no entry");
    CHECK(mse_entries_reserve(&e, 0) == 0, "room for nothing");
    CHECK(mse_entries_reserve(&e, 2147483647L) == -1, "past 2 GiB - 1 bytes in all is refused");
    CHECK_EQ(held, e.used, "a refused reserve changes nothing");
    mse_entries_free(&e);
}

/* The root of 8 (binomial, root 2) passes each child its subtree's entries; rank 6 (relative 4) passes its own. */
static void routes_each_child_its_subtree(void) {
    mse_entries all = {NULL, 0, 0}, below = {NULL, 0, 0};
    for (int r = 0; r < 8; r++) {
        add(&all, r, varied(r));
    }
    int ranks[64];
    /* Relative to root 2: children 4, 2, 1 (ranks 6, 4, 3) hold relative 4..7, 2..3 and 1 (ranks 6,7,0,1 / 4,5 / 3). */
    CHECK(mse_entries_toward(&below, &all, MSE_TREE_BINOMIAL, 8, 2, 2, 6) == 0, "toward 6");
    int n = ranks_of(&below, ranks, varied);
    CHECK(n == 4 && ranks[0] == 0 && ranks[1] == 1 && ranks[2] == 6 && ranks[3] == 7, "rank 6's subtree: %d entries", n);
    CHECK(mse_entries_toward(&below, &all, MSE_TREE_BINOMIAL, 8, 2, 2, 4) == 0, "toward 4");
    n = ranks_of(&below, ranks, varied);
    CHECK(n == 2 && ranks[0] == 4 && ranks[1] == 5, "rank 4's subtree: %d entries", n);
    CHECK(mse_entries_toward(&below, &all, MSE_TREE_BINOMIAL, 8, 2, 2, 3) == 0, "toward 3");
    n = ranks_of(&below, ranks, varied);
    CHECK(n == 1 && ranks[0] == 3, "rank 3's subtree: %d entries", n);
    mse_entries from6 = {NULL, 0, 0};
    CHECK(mse_entries_toward(&from6, &all, MSE_TREE_BINOMIAL, 8, 2, 2, 6) == 0, "rank 6's share");
    CHECK(mse_entries_toward(&below, &from6, MSE_TREE_BINOMIAL, 8, 2, 6, 0) == 0, "from 6 toward 0");
    n = ranks_of(&below, ranks, varied);
    CHECK(n == 2 && ranks[0] == 0 && ranks[1] == 1, "rank 0's subtree below 6: %d entries", n);
    CHECK(mse_entries_toward(&below, &from6, MSE_TREE_LINEAR, 8, 2, 6, 0) == 0, "linear: 6 has no children");
    CHECK_EQ(0, below.used, "nothing goes below a leaf");
    mse_entries_free(&from6);
    mse_entries_free(&below);
    mse_entries_free(&all);
}

int main(void) {
    grows_from_nothing_to_every_block();
    reserves_what_arrives_and_refuses_past_a_message();
    routes_each_child_its_subtree();
    return checks_end("test_entries");
}
