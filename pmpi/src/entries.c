/* The entries' buffer (entries.h): grown by doubling, so a subtree's blocks arriving one child after another cost
 * amortised constant copying per byte. */
#include "entries.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int mse_entries_reserve(mse_entries *e, long more) {
    long needed = (long) e->used + (more > 0 ? more : 0);
    if (needed > INT_MAX) {
        return -1;
    }
    if (needed <= e->room && e->bytes != NULL) {
        return 0;
    }
    long room = e->room > 0 ? e->room : 64;
    while (room < needed) {
        room *= 2;
    }
    room = room > INT_MAX ? INT_MAX : room;
    char *grown = realloc(e->bytes, (size_t) room);
    if (grown == NULL) {
        return -1;
    }
    e->bytes = grown;
    e->room = (int) room;
    return 0;
}

void mse_entries_close(mse_entries *e, int rank, int length) {
    int32_t header[2] = {rank, length};
    memcpy(e->bytes + e->used, header, sizeof header);
    e->used += MSE_ENTRY_HEADER_BYTES + length;
}

int mse_entries_rank_at(const mse_entries *e, int at, int *next) {
    int32_t header[2];
    memcpy(header, e->bytes + at, sizeof header);
    *next = at + MSE_ENTRY_HEADER_BYTES + header[1];
    return header[0];
}

int mse_entries_toward(mse_entries *below, const mse_entries *from, mse_tree_kind kind, int size, int root, int rank,
                       int child) {
    below->used = 0;
    for (int at = 0, next; at < from->used; at = next) {
        int r = mse_entries_rank_at(from, at, &next);
        if (mse_tree_child_toward(kind, size, root, rank, r) == child) {
            if (mse_entries_reserve(below, next - at) != 0) {
                return -1;
            }
            memcpy(below->bytes + below->used, from->bytes + at, (size_t) (next - at));
            below->used += next - at;
        }
    }
    return 0;
}

void mse_entries_free(mse_entries *e) {
    free(e->bytes);
    *e = (mse_entries) {NULL, 0, 0};
}
