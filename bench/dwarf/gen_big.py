#!/usr/bin/env python3
"""Writes the C sources of the DWARF benchmark image: FILES files x FUNCS functions (default
100 x 200 = 20,000 functions), each calling header-style always_inline helpers nested 3 deep so the
DWARF has realistic inline trees, lexical blocks, locals and several line-table rows per line."""
import os
import sys

out = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 100
funcs = int(sys.argv[3]) if len(sys.argv) > 3 else 200
os.makedirs(out, exist_ok=True)

with open(os.path.join(out, "big.h"), "w") as h:
    h.write("#define AI static inline __attribute__((always_inline))\nextern volatile int big_sink;\n")
    leaves, mids, tops = [], [], []
    for k in range(8):
        leaves.append(f"""
AI int leaf{k}(int v)
{{
    int w = v * {k + 3} + {k};
    if (w & {1 << k})
        w ^= 0x5a{k};
    big_sink = w;
    return w;
}}
""")
        mids.append(f"""
AI int mid{k}(int v, int u)
{{
    int acc = leaf{k}(v) + leaf{(k + 1) % 8}(u);
    if (u & 1) {{
        int t = leaf{(k + 2) % 8}(acc);
        acc += t >> 1;
    }}
    return acc;
}}
""")
        tops.append(f"""
AI int top{k}(int a, int b)
{{
    int r = mid{k}(a, b);
    if (r > {k * 100})
        r -= mid{(k + 3) % 8}(b, a);
    return r;
}}
""")
    h.write("".join(leaves + mids + tops))

for f in range(files):
    with open(os.path.join(out, f"unit{f:03d}.c"), "w") as c:
        c.write('#include "big.h"\n\n')
        if f == 0:
            c.write("volatile int big_sink;\n\n")
        for i in range(funcs):
            k = (f + i) % 8
            name = f"fn_{f:03d}_{i:03d}"
            c.write(f"""int {name}(int a, int b)
{{
    int local_{i} = a ^ {i};
    struct {{ int x; int y; }} pair_{i} = {{ b, local_{i} }};
    if (a & 7) {{
        int step = top{k}(pair_{i}.x, pair_{i}.y);
        pair_{i}.x += step;
    }}
    if (b > {i})
        local_{i} += mid{(k + 5) % 8}(a, b);
    return pair_{i}.x + local_{i};
}}

""")

with open(os.path.join(out, "main.c"), "w") as m:
    m.write("int fn_000_000(int, int);\nint main(int argc, char **argv) { (void) argv; return fn_000_000(argc, 1); }\n")
