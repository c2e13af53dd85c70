/* The distinct patterns of a set of pending receives, counted, and the ones no other covers (patterns.h). */
#include "patterns.h"

#include <stdlib.h>

void mse_tally_init(mse_pattern_tally *t) {
    *t = (mse_pattern_tally) {0};
}

void mse_tally_free(mse_pattern_tally *t) {
    free(t->entries);
    free(t->slots);
    free(t->cover);
    mse_tally_init(t);
}

static unsigned slot_of(const mse_pattern_tally *t, mse_pattern p) {
    uint32_t h = (uint32_t) p.source * 0x9E3779B1u ^ (uint32_t) p.tag * 0x85EBCA77u ^ (uint32_t) p.context * 0xC2B2AE3Du;
    return (unsigned) (h ^ (h >> 15)) & (unsigned) (t->slot_count - 1);
}

/* The entry of pattern, or -1. */
static int find(const mse_pattern_tally *t, mse_pattern p) {
    if (t->slot_count == 0) {
        return -1;
    }
    for (unsigned s = slot_of(t, p);; s = (s + 1) & (unsigned) (t->slot_count - 1)) {
        int e = t->slots[s] - 1;
        if (e < 0) {
            return -1;
        }
        mse_pattern q = t->entries[e].pattern;
        if (q.source == p.source && q.tag == p.tag && q.context == p.context) {
            return e;
        }
    }
}

static void place(mse_pattern_tally *t, int e) {
    unsigned s = slot_of(t, t->entries[e].pattern);
    while (t->slots[s] != 0) {
        s = (s + 1) & (unsigned) (t->slot_count - 1);
    }
    t->slots[s] = e + 1;
}

/* Drops the entries no receive waits on any more and indexes the rest in slot_count slots; 0 or -1. */
static int rebuild(mse_pattern_tally *t, int slot_count) {
    int *slots = calloc((size_t) slot_count, sizeof *slots);
    if (slots == NULL) {
        return -1;
    }
    free(t->slots);
    t->slots = slots;
    t->slot_count = slot_count;
    int kept = 0;
    for (int e = 0; e < t->used; e++) {
        if (t->entries[e].waiting > 0) {
            t->entries[kept] = t->entries[e];
            place(t, kept++);
        }
    }
    t->used = kept;
    return 0;
}

int mse_tally_add(mse_pattern_tally *t, mse_pattern pattern) {
    int e = find(t, pattern);
    if (e >= 0) {
        t->live += t->entries[e].waiting++ == 0;
        return 0;
    }
    if (t->used == t->room) {
        int room = t->room == 0 ? 8 : 2 * t->room;
        mse_tally_entry *entries = realloc(t->entries, sizeof *entries * (size_t) room);
        if (entries == NULL) {
            return -1;
        }
        t->entries = entries;
        t->room = room;
    }
    if (2 * (t->used + 1) > t->slot_count && rebuild(t, t->slot_count == 0 ? 16 : 2 * t->slot_count) != 0) {
        return -1;
    }
    t->entries[t->used] = (mse_tally_entry) {pattern, 1};
    place(t, t->used++);
    t->live++;
    return 0;
}

void mse_tally_remove(mse_pattern_tally *t, mse_pattern pattern) {
    int e = find(t, pattern);
    if (e >= 0 && t->entries[e].waiting > 0 && --t->entries[e].waiting == 0) {
        t->live--;
    }
}

int mse_tally_live(const mse_pattern_tally *t) {
    return t->live;
}

static int waits_on(const mse_pattern_tally *t, mse_pattern p) {
    int e = find(t, p);
    return e >= 0 && t->entries[e].waiting > 0;
}

/* True when another live pattern of its context matches every message p matches. */
static int covered(const mse_pattern_tally *t, mse_pattern p) {
    int exact_source = p.source != MSE_ANY, exact_tag = p.tag != MSE_ANY;
    return ((exact_source || exact_tag) && waits_on(t, (mse_pattern) {MSE_ANY, MSE_ANY, p.context}))
            || (exact_source && exact_tag && waits_on(t, (mse_pattern) {p.source, MSE_ANY, p.context}))
            || (exact_source && exact_tag && waits_on(t, (mse_pattern) {MSE_ANY, p.tag, p.context}));
}

int mse_tally_cover(mse_pattern_tally *t, const mse_pattern **patterns, int *count) {
    /* Entries of completed receives are dropped once they are half the table, so a pass costs what is live. */
    if (t->used > 16 && 2 * t->live < t->used && rebuild(t, t->slot_count) != 0) {
        return -1;
    }
    if (t->cover_room < t->live) {
        mse_pattern *cover = realloc(t->cover, sizeof *cover * (size_t) t->live);
        if (cover == NULL) {
            return -1;
        }
        t->cover = cover;
        t->cover_room = t->live;
    }
    int n = 0;
    for (int e = 0; e < t->used; e++) {
        if (t->entries[e].waiting > 0 && !covered(t, t->entries[e].pattern)) {
            t->cover[n++] = t->entries[e].pattern;
        }
    }
    *patterns = t->cover;
    *count = n;
    return 0;
}
