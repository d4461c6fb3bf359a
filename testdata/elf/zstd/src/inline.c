/* A small C program with inlined functions (two levels deep, and one inlined into several callers)
 * for the zstd-compressed debug section test data (build.sh). */
#include <stdio.h>
#include <stdlib.h>

struct acc {
    long sum;
    long count;
};

static inline __attribute__((always_inline)) long square(long x) {
    return x * x;
}

static inline __attribute__((always_inline)) void add(struct acc *a, long x) {
    a->sum += square(x);      /* square inlined into add */
    a->count++;
}

static inline __attribute__((always_inline)) long mean(const struct acc *a) {
    if (a->count == 0) {
        abort();              /* the call a crash would come from */
    }
    return a->sum / a->count;
}

__attribute__((noinline)) long sum_of_squares(const long *v, int n) {
    struct acc a = {0, 0};
    for (int i = 0; i < n; i++) {
        add(&a, v[i]);        /* add (and square) inlined into a loop */
    }
    return mean(&a);
}

__attribute__((noinline)) long weighted(const long *v, int n, long w) {
    struct acc a = {0, 0};
    for (int i = 0; i < n; i++) {
        add(&a, v[i] * w);
    }
    return mean(&a) + square(w);
}

int main(int argc, char **argv) {
    long v[8];
    int n = argc < 8 ? argc : 8;
    for (int i = 0; i < n; i++) {
        v[i] = strtol(argv[i], NULL, 10) + i;
    }
    printf("%ld %ld\n", sum_of_squares(v, n), weighted(v, n, argc));
    return 0;
}
