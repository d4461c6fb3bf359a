#include "util.h"

struct point {
    int x;
    int y;
};

AI int manhattan(struct point a, struct point b)
{
    int dx = clamp3(a.x - b.x);
    int dy = clamp3(a.y - b.y);
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

int geom_walk(int steps)
{
    struct point p = {0, 0};
    struct point origin = {1, 2};
    int d = 0;
    for (int i = 0; i < steps; i++) {
        p.x += mix1(i & 3, i);
        p.y -= i;
        d += manhattan(p, origin);
    }
    return d;
}
