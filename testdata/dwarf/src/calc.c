#include "util.h"

__attribute__((noinline)) int calc_step(int x)
{
    int acc = mix1(x & 7, x);
    if (acc & 1)
        acc += mix1(3, acc);
    return acc;
}

static __attribute__((noinline)) int calc_helper(int v)
{
    g_sink = v;
    return scale2(v, 3) - clamp3(v);
}

int calc_run(int n)
{
    int total = 0;
    for (int i = 0; i < n; i++) {
        total += calc_step(i);
        total ^= calc_helper(total);
    }
    return total;
}
