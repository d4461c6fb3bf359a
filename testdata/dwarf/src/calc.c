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

#if defined(__GNUC__) && !defined(__clang__)
/* GCC nested function: a DW_TAG_subprogram with its own code inside another subprogram. */
int calc_nested(int n)
{
    int bias = n * 3;
    __attribute__((noinline)) int inner(int v)
    {
        return clamp3(v + bias);
    }
    int s = 0;
    for (int i = 0; i < n; i++)
        s += inner(i);
    return s;
}
#else
int calc_nested(int n)
{
    return clamp3(n * 3);
}
#endif
