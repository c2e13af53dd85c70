/* The unit tests' few assertions: each failure prints where and what, and the test ends with the plain closing
 * line "N passed, N failed" and a non-zero exit when anything failed. */
#ifndef MSE_CHECK_H
#define MSE_CHECK_H

#include <stdio.h>

static int checks_passed, checks_failed;

#define CHECK(condition, ...)                                                          \
    do {                                                                               \
        if (condition) {                                                               \
            checks_passed++;                                                           \
        } else {                                                                       \
            checks_failed++;                                                           \
            fprintf(stderr, "%s:%d: failed: %s: ", __FILE__, __LINE__, #condition);    \
            fprintf(stderr, __VA_ARGS__);                                              \
            fputc('\n', stderr);                                                       \
        }                                                                              \
    } while (0)

#define CHECK_EQ(expected, actual, what)                                                              \
    CHECK((long long) (expected) == (long long) (actual), "%s: expected %lld, got %lld", (what),      \
          (long long) (expected), (long long) (actual))

static int checks_end(const char *suite) {
    printf("%s: %d passed, %d failed\n", suite, checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}

#endif
