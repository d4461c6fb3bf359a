#!/usr/bin/env python3
"""Seeds for CompactUnwindFuzzTest#section (FUZZING.md): the __TEXT,__unwind_info sections of the
dylibs in testdata/compact-unwind (compressed pages, a regular page, arm64 and x86-64), and damaged
copies: cut short, a page offset past the end, a lying entry count, an encoding index past the
page's encodings, an unsorted index, a page listed twice. Run from anywhere; writes
debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/CompactUnwindFuzzTestInputs/section/seeds/."""
import os
import struct

ROOT = os.path.dirname(os.path.abspath(__file__)) + "/../../../.."
OUT = ROOT + "/debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/CompactUnwindFuzzTestInputs/section/seeds"


def unwind_info(path):
    """The bytes of __TEXT,__unwind_info of a thin 64-bit little-endian Mach-O."""
    d = open(path, "rb").read()
    ncmds = struct.unpack_from("<I", d, 16)[0]
    at = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", d, at)
        if cmd == 0x19:  # LC_SEGMENT_64
            nsects = struct.unpack_from("<I", d, at + 64)[0]
            for i in range(nsects):
                s = at + 72 + 80 * i
                sect, seg = d[s:s + 16].rstrip(b"\0"), d[s + 16:s + 32].rstrip(b"\0")
                _addr, ssize, off = struct.unpack_from("<QQI", d, s + 32)
                if seg == b"__TEXT" and sect == b"__unwind_info":
                    return d[off:off + ssize]
        at += size
    raise SystemExit(path + ": no __unwind_info")


def put(b, off, fmt, *v):
    b = bytearray(b)
    struct.pack_into(fmt, b, off, *v)
    return bytes(b)


os.makedirs(OUT, exist_ok=True)
seeds = {}
for name in ["cu-arm64-fp", "cu-arm64-nofp", "cu-x86_64-fp", "cu-x86_64-nofp"]:
    seeds[name] = unwind_info(ROOT + "/testdata/compact-unwind/" + name + ".dylib")
s = seeds["cu-x86_64-nofp"]
index_at = struct.unpack_from("<I", s, 20)[0]
page_at = struct.unpack_from("<I", s, index_at + 4)[0]
seeds["cut-short"] = s[:len(s) // 2]
seeds["page-past-end"] = put(s, index_at + 4, "<I", len(s) + 100)
seeds["lying-entry-count"] = put(s, page_at + 6, "<H", 0xffff)
seeds["encoding-index-past-page"] = put(s, page_at + struct.unpack_from("<H", s, page_at + 4)[0], "<I", 0xff000000)
seeds["index-unsorted"] = put(s, index_at, "<I", 0xffffff00)
seeds["index-count-lies"] = put(s, 24, "<I", 0x7fffffff)
r = seeds["cu-arm64-nofp"]
r_index = struct.unpack_from("<I", r, 20)[0]
r_page = struct.unpack_from("<I", r, r_index + 4)[0]
# The sentinel made a second entry pointing at the same page: entries listed twice.
seeds["page-listed-twice"] = put(put(r, 24, "<I", 3), r_index + 12, "<III", struct.unpack_from("<I", r, r_index + 12)[0], r_page, 0)
for n, b in seeds.items():
    open(os.path.join(OUT, n), "wb").write(b)
