/* Header-defined inline helpers used by several compile units; always_inline nests them 3 deep. */
#ifndef CRASHKIT_UTIL_H
#define CRASHKIT_UTIL_H

#define AI static inline __attribute__((always_inline))

extern volatile int g_sink;

AI int clamp3(int v)
{
    if (v > 1000)
        v = 1000;
    if (v < -1000)
        v = -1000;
    return v;
}

AI int scale2(int v, int k)
{
    int r = clamp3(v * k);
    g_sink = r;
    return r + clamp3(v - k);
}

AI int mix1(int a, int b)
{
    int s = 0;
    for (int i = 0; i < a; i++)
        s += scale2(i, b);
    return s ^ scale2(b, a);
}

#endif
