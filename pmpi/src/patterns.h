/* The patterns a wait or test over a set of pending receives asks the emulator for (posted.c): each distinct
 * (source, tag, context) once, with how many receives of the set still wait on it, and on the wire only those that no
 * other pattern of the set covers (within one context, (ANY, ANY) covers every pattern, (s, ANY) covers (s, t), (ANY,
 * t) covers (s, t)). Both say exactly what the receives' own patterns say: the emulator answers with the first message
 * that matches any of them. A program with 100,000 receives of one (source, tag) pending asks with one pattern, and
 * a receive completing costs a table look-up, not a pass over the set. Plain C: the unit tests drive it directly. */
#ifndef MSE_PATTERNS_H
#define MSE_PATTERNS_H

#include "wire.h"

typedef struct {
    mse_pattern pattern;
    int waiting; /* receives of the set still pending with this pattern; 0: gone */
} mse_tally_entry;

typedef struct {
    mse_tally_entry *entries; /* distinct patterns, in the order first added */
    int used, room, live;     /* entries used, allocated, with waiting > 0 */
    int *slots;               /* open addressing over entries: entry index + 1, 0 for a free slot */
    int slot_count;           /* a power of two, at least twice used */
    mse_pattern *cover;       /* mse_tally_cover's answer */
    int cover_room;
} mse_pattern_tally;

/* An empty tally (needs no memory until the first add). */
void mse_tally_init(mse_pattern_tally *t);
void mse_tally_free(mse_pattern_tally *t);
/* One more receive waits on pattern; 0, or -1 when memory runs out. */
int mse_tally_add(mse_pattern_tally *t, mse_pattern pattern);
/* One receive of pattern completed (it must have been added). */
void mse_tally_remove(mse_pattern_tally *t, mse_pattern pattern);
/* How many distinct patterns still have receives waiting. */
int mse_tally_live(const mse_pattern_tally *t);
/* The live patterns that no other live pattern covers, in the order first added: *count of them at *patterns (valid
 * until the next call on t); 0, or -1 when memory runs out. */
int mse_tally_cover(mse_pattern_tally *t, const mse_pattern **patterns, int *count);

#endif
