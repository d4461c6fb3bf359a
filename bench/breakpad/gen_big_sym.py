#!/usr/bin/env python3
"""A synthetic Chromium-sized Breakpad .sym: gen_big_sym.py FUNCS OUT (250000 FUNCs -> 239 MB, 9.5M lines:
2,000 FILE, 5,000 INLINE_ORIGIN, per FUNC 2 INLINE, 32 line records, 1 STACK CFI INIT and 2 deltas). random.Random(1)."""
import random, sys
r = random.Random(1)
n = int(sys.argv[1])
with open(sys.argv[2], "w") as f:
    f.write("MODULE Linux x86_64 0E1AFF4172E2F8D9EED2378AA112749B0 big\nINFO CODE_ID 41FF1A0EE272D9F8EED2378AA112749BBC65CDB1\n")
    for i in range(2000):
        f.write("FILE %d /src/chromium/third_party/some/long/path/file_%d.cc\n" % (i, i))
    for i in range(5000):
        f.write("INLINE_ORIGIN %d ns::Class%d::inlinedHelper<int, std::string>(int const&, std::string&&)\n" % (i, i))
    addr = 0x1000
    for i in range(n):
        size = 0x200
        f.write("FUNC %x %x 0 ns::Class%d::method%d(int, char const*, std::vector<int> const&)\n" % (addr, size, i % 999, i))
        f.write("INLINE 0 %d %d %d %x 40 %x 20\n" % (r.randrange(1, 3000), r.randrange(2000), r.randrange(5000), addr + 0x10, addr + 0x100))
        f.write("INLINE 1 %d %d %d %x 10\n" % (r.randrange(1, 3000), r.randrange(2000), r.randrange(5000), addr + 0x20))
        for k in range(32):
            f.write("%x %x %d %d\n" % (addr + k * 0x10, 0x10, r.randrange(1, 5000), r.randrange(2000)))
        f.write("STACK CFI INIT %x %x .cfa: $rsp 8 + .ra: .cfa -8 + ^\n" % (addr, size))
        f.write("STACK CFI %x .cfa: $rsp 16 + $rbp: .cfa -16 + ^\n" % (addr + 1))
        f.write("STACK CFI %x .cfa: $rbp 16 +\n" % (addr + 4))
        addr += size
    f.write("PUBLIC %x 0 _end_of_text\n" % addr)
