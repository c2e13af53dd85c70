/* The non-commutative operations the reduction cases share (MPI 3.1 §5.9.5): the product of 2x2 integer matrices, whose
 * values [[r + 1 + k, 1], [1, 0]] do not commute with each other, and the concatenation of rank intervals, which
 * records the order ([a, b] op [b + 1, c] is [a, c]; any other pair is [-1, -1]). */
#ifndef MSE_CONFORMANCE_NONCOMMUTATIVE_H
#define MSE_CONFORMANCE_NONCOMMUTATIVE_H

typedef struct {
    long long m[2][2];
} matrix;

static inline matrix times(matrix a, matrix b) {
    matrix c;
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            c.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j];
        }
    }
    return c;
}

/* inout[i] = in[i] op inout[i], as MPI calls a user function (§5.9.5) */
static inline void matrix_product(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    matrix *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        b[i] = times(a[i], b[i]);
    }
}

static inline void concatenate(void *in, void *inout, int *len, MPI_Datatype *type) {
    (void) type;
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) {
        int joined = a[2 * i] >= 0 && b[2 * i] >= 0 && a[2 * i + 1] + 1 == b[2 * i];
        b[2 * i] = joined ? a[2 * i] : -1;
        b[2 * i + 1] = joined ? b[2 * i + 1] : -1;
    }
}

/* Rank r's matrix k (element k of its vector). */
static inline matrix of_rank(int r, int k) {
    return (matrix) {{{r + 1 + k, 1}, {1, 0}}};
}

static inline int same(matrix a, matrix b) {
    return a.m[0][0] == b.m[0][0] && a.m[0][1] == b.m[0][1] && a.m[1][0] == b.m[1][0] && a.m[1][1] == b.m[1][1];
}

#endif
