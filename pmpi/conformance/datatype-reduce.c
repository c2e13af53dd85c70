/* np: 3. MPI_Reduce at every root (plainly and in place) and MPI_Allreduce (both ways) over derived datatypes with
 * gaps: a vector, an indexed type, a struct, a resized type and a struct of absolute addresses (MPI_BOTTOM) whose
 * four ints lie in four separate heap blocks. The operation is the program's own, non-commutative product of 2x2
 * integer matrices whose four entries are the type's four ints: MPI hands it buffers laid out as the type says
 * (§5.9.5), the ranks' values combine in rank order (§5.9.1), and the receive buffer's bytes outside the type's
 * signature keep what they held (§4.1: only the type's entries are written), the heap blocks' neighbours too. */
#include <stdint.h>
#include <stdlib.h>

#include "conformance.h"

enum { SENTINEL = -99, SEND_GAP = -55, INTS = 16, COUNT = 2, HEAP_BLOCKS = 4 };

/* A derived type whose elements hold a matrix's four entries at off[0..3] bytes from the element's start. */
typedef struct {
    const char *name;
    MPI_Datatype type;
    int count;        /* elements reduced */
    MPI_Aint off[4];  /* m00, m01, m10, m11 */
    MPI_Aint extent;
    int bottom;       /* absolute addresses: the buffer is MPI_BOTTOM */
} layout;

static int rank, size;
static layout current; /* the layout the operation is applied to */
static int *heap[HEAP_BLOCKS]; /* the MPI_BOTTOM layout's ints: [0] its entry, [1] a sentinel */

static int *entry(const void *buf, int element, int f) {
    return (int *) ((uintptr_t) buf + (uintptr_t) (element * current.extent + current.off[f]));
}

/* inout = in x inout, element by element (MPI calls a user function so, §5.9.5) */
static void product(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    for (int e = 0; e < *len; e++) {
        int a00 = *entry(in, e, 0), a01 = *entry(in, e, 1), a10 = *entry(in, e, 2), a11 = *entry(in, e, 3);
        int b00 = *entry(inout, e, 0), b01 = *entry(inout, e, 1), b10 = *entry(inout, e, 2), b11 = *entry(inout, e, 3);
        *entry(inout, e, 0) = a00 * b00 + a01 * b10;
        *entry(inout, e, 1) = a00 * b01 + a01 * b11;
        *entry(inout, e, 2) = a10 * b00 + a11 * b10;
        *entry(inout, e, 3) = a10 * b01 + a11 * b11;
    }
}

/* Rank r's element e: [[r + 1 + e, 1], [1, 0]], which do not commute. */
static void matrix_of(int r, int e, int m[4]) {
    m[0] = r + 1 + e, m[1] = 1, m[2] = 1, m[3] = 0;
}

static void expected(int e, int m[4]) {
    matrix_of(0, e, m);
    for (int r = 1; r < size; r++) {
        int b[4], c[4];
        matrix_of(r, e, b);
        c[0] = m[0] * b[0] + m[1] * b[2], c[1] = m[0] * b[1] + m[1] * b[3];
        c[2] = m[2] * b[0] + m[3] * b[2], c[3] = m[2] * b[1] + m[3] * b[3];
        memcpy(m, c, sizeof c);
    }
}

/* gap everywhere (the heap blocks' second ints: SENTINEL), then rank r's matrices (r < 0: none) in the type's
 * entries. */
static void *prepare(int *ints, int r, int gap) {
    void *buf = current.bottom ? MPI_BOTTOM : (void *) ints;
    for (int i = 0; !current.bottom && i < INTS; i++) {
        ints[i] = gap;
    }
    for (int b = 0; current.bottom && b < HEAP_BLOCKS; b++) {
        heap[b][0] = heap[b][1] = SENTINEL;
    }
    for (int e = 0; r >= 0 && e < current.count; e++) {
        int m[4];
        matrix_of(r, e, m);
        for (int f = 0; f < 4; f++) {
            *entry(buf, e, f) = m[f];
        }
    }
    return buf;
}

/* The product in the type's entries, and every other int of the buffer still a sentinel. */
static void check_result(const int *ints, const char *what) {
    const void *buf = current.bottom ? MPI_BOTTOM : (const void *) ints;
    int is_entry[INTS] = {0};
    for (int e = 0; e < current.count; e++) {
        int m[4];
        expected(e, m);
        for (int f = 0; f < 4; f++) {
            int got = *entry(buf, e, f);
            CHECK(got == m[f], "%s %s: element %d entry %d is %d, not %d", current.name, what, e, f, got, m[f]);
            if (!current.bottom) {
                is_entry[(entry(buf, e, f) - ints)] = 1;
            }
        }
    }
    for (int i = 0; !current.bottom && i < INTS; i++) {
        CHECK(is_entry[i] || ints[i] == SENTINEL, "%s %s: int %d outside the type is %d", current.name, what, i,
              ints[i]);
    }
    for (int b = 0; current.bottom && b < HEAP_BLOCKS; b++) {
        CHECK(heap[b][1] == SENTINEL, "%s %s: heap block %d's int after the entry is %d", current.name, what, b,
              heap[b][1]);
    }
}

static void reductions(MPI_Op op) {
    char what[64];
    for (int root = 0; root < size; root++) {
        for (int in_place = current.bottom; in_place < 2; in_place++) {
            int send[INTS], recv[INTS];
            void *mine = prepare(send, rank, SEND_GAP); /* a send buffer's gaps are none of the receive's business */
            int place = in_place && rank == root;
            void *into = current.bottom ? mine : prepare(recv, place ? rank : -1, SENTINEL); /* one place: in place */
            MPI_Reduce(place ? MPI_IN_PLACE : mine, into, current.count, current.type, op, root, MPI_COMM_WORLD);
            snprintf(what, sizeof what, "reduce to %d%s", root, in_place ? " in place" : "");
            if (rank == root) {
                check_result(recv, what);
            }
        }
    }
    for (int in_place = current.bottom; in_place < 2; in_place++) {
        int send[INTS], recv[INTS];
        void *mine = prepare(send, rank, SEND_GAP);
        void *into = current.bottom ? mine : prepare(recv, in_place ? rank : -1, SENTINEL);
        MPI_Allreduce(in_place ? MPI_IN_PLACE : mine, into, current.count, current.type, op, MPI_COMM_WORLD);
        check_result(recv, in_place ? "allreduce in place" : "allreduce");
    }
    if (rank == 0) {
        int m[4];
        expected(current.count - 1, m);
        printf("%s: %d elements, the last [[%d %d] [%d %d]]\n", current.name, current.count, m[0], m[1], m[2], m[3]);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op op;
    MPI_Op_create(product, 0, &op);
    const MPI_Aint I = sizeof(int);
    layout layouts[5];
    int n = 0;

    MPI_Datatype t;
    MPI_Type_vector(4, 1, 2, MPI_INT, &t); /* ints 0, 2, 4, 6 of every 7 */
    layouts[n++] = (layout) {"vector", t, COUNT, {0, 2 * I, 4 * I, 6 * I}, 7 * I, 0};

    int lengths[2] = {1, 3}, displs[2] = {1, 3};
    MPI_Type_indexed(2, lengths, displs, MPI_INT, &t); /* ints 1, 3, 4, 5; lb 1 int, extent 5 ints */
    layouts[n++] = (layout) {"indexed", t, COUNT, {I, 3 * I, 4 * I, 5 * I}, 5 * I, 0};

    MPI_Datatype parts[2] = {MPI_INT, MPI_INT}, s;
    MPI_Aint at[2] = {0, 4 * I};
    MPI_Type_create_struct(2, lengths, at, parts, &s); /* ints 0 and 4, 5, 6 */
    MPI_Type_create_resized(s, 0, 8 * I, &t);
    MPI_Type_free(&s);
    layouts[n++] = (layout) {"struct", t, COUNT, {0, 4 * I, 5 * I, 6 * I}, 8 * I, 0};

    MPI_Type_contiguous(4, MPI_INT, &s);
    MPI_Type_create_resized(s, -2 * I, 7 * I, &t); /* four ints, then three of gap; lb two ints before them */
    MPI_Type_free(&s);
    layouts[n++] = (layout) {"resized", t, COUNT, {0, I, 2 * I, 3 * I}, 7 * I, 0};

    int ones[HEAP_BLOCKS] = {1, 1, 1, 1};
    MPI_Aint where[HEAP_BLOCKS];
    MPI_Datatype ints[HEAP_BLOCKS] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
    for (int b = 0; b < HEAP_BLOCKS; b++) {
        heap[b] = malloc(2 * sizeof(int));
        MPI_Get_address(heap[b], &where[b]);
    }
    MPI_Type_create_struct(HEAP_BLOCKS, ones, where, ints, &t);
    layouts[n++] = (layout) {"MPI_BOTTOM struct", t, 1, {where[0], where[1], where[2], where[3]}, 0, 1};

    for (int i = 0; i < n; i++) {
        MPI_Type_commit(&layouts[i].type);
        current = layouts[i];
        reductions(op);
        MPI_Type_free(&layouts[i].type);
    }
    for (int b = 0; b < HEAP_BLOCKS; b++) {
        free(heap[b]);
    }
    MPI_Op_free(&op);
    conformance_verdict("datatype-reduce");
    MPI_Finalize();
    return 0;
}
