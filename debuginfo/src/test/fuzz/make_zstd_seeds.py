#!/usr/bin/env python3
"""Seeds for ZstdSectionFuzzTest#section (FUZZING.md): the stored bytes of SHF_COMPRESSED sections
(Elf64_Chdr + compressed data) from testdata/elf/zstd/bin/inline.zstd and inline.zlib, and damaged
copies of one: a truncated frame, lying ch_size values, a lying frame content size, garbage after the
frame magic. Run from the repository root; writes
debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/ZstdSectionFuzzTestInputs/section/seeds/."""
import os
import random
import struct

ROOT = os.path.dirname(os.path.abspath(__file__)) + "/../../../.."
OUT = ROOT + "/debuginfo/src/test/resources/dev/crashkit/symbolicate/fuzz/ZstdSectionFuzzTestInputs/section/seeds"


def sections(path):
    """name -> stored bytes of every SHF_COMPRESSED section of a 64-bit little-endian ELF."""
    d = open(path, "rb").read()
    shoff = struct.unpack_from("<Q", d, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
    strtab = hdrs[shstrndx][4]
    out = {}
    for name, _type, flags, _addr, off, size, *_ in hdrs:
        if flags & 0x800:
            n = d[strtab + name:d.index(b"\0", strtab + name)].decode()
            out[n] = d[off:off + size]
    return out


def with_size(s, size):
    return s[:8] + struct.pack("<Q", size) + s[16:]


def with_content_size(s, extra):
    """The zstd frame header's Frame_Content_Size raised by extra (the section header unchanged)."""
    f = 24 + 4
    fhd = s[f]
    single, did, fcs_flag = (fhd >> 5) & 1, fhd & 3, fhd >> 6
    at = f + 1 + (0 if single else 1) + [0, 1, 2, 4][did]
    width = [1 if single else 0, 2, 4, 8][fcs_flag]
    assert width, "frame without a content size"
    fmt = {1: "<B", 2: "<H", 4: "<I", 8: "<Q"}[width]
    value = struct.unpack_from(fmt, s, at)[0] + extra
    b = bytearray(s)
    struct.pack_into(fmt, b, at, value)
    return bytes(b)


def main():
    os.makedirs(OUT, exist_ok=True)
    zstd = sections(ROOT + "/testdata/elf/zstd/bin/inline.zstd")
    zlib = sections(ROOT + "/testdata/elf/zstd/bin/inline.zlib")
    seeds = {}
    for n in (".debug_info", ".debug_abbrev", ".debug_line", ".debug_str"):
        seeds["valid-zstd" + n.replace(".", "-")] = zstd[n]
    seeds["valid-zlib-debug_info"] = zlib[".debug_info"]
    info = zstd[".debug_info"]
    size = struct.unpack_from("<Q", info, 8)[0]
    seeds["truncated-frame"] = info[:len(info) // 2]
    seeds["lying-ch_size-one-more"] = with_size(info, size + 1)
    seeds["lying-ch_size-one-less"] = with_size(info, size - 1)
    seeds["lying-ch_size-2gb"] = with_size(info, 0x7FFF0000)
    seeds["lying-ch_size-unsigned-max"] = with_size(info, 0xFFFFFFFFFFFFFFFF)
    seeds["lying-frame-content-size"] = with_content_size(info, 1000)
    rnd = random.Random(28)
    seeds["garbage-frame"] = info[:28] + bytes(rnd.randrange(256) for _ in range(len(info) - 28))
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
