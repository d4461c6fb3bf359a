#!/usr/bin/env python3
"""Golden-file helper for the DWARF/ELF test data (used by build.sh here and in ../elf).

  golden.py make OBJ OUTPREFIX [ARCH] [EVERY]
      writes OUTPREFIX.addrs (one hex address per line) and OUTPREFIX.json.gz (llvm-symbolizer-19 JSON,
      one line per address, gzipped with a fixed mtime to keep it small and reproducible) for the DWARF in OBJ (ARCH selects a slice of a universal file, "-" for none;
      EVERY > 1 keeps every EVERY-th address, for large third-party files).

Addresses, all taken from llvm-dwarfdump-19's view of OBJ: every line-table row address and the byte
before it (the "return address - 1" case), both ends, the last byte and the middle of every address
range in .debug_info (subprograms, inlined subroutines, lexical blocks, units), plus a few addresses
outside all of them.

llvm-symbolizer replaces the outermost function name by the symbol-table name when it finds one (so
gcc clones such as foo.constprop.0 and Mach-O symtab names would leak in). The goldens are about
DWARF, so llvm-symbolizer runs on a copy whose symbol tables are disabled: ELF .symtab/.dynsym
section types are patched to SHT_PROGBITS, Mach-O LC_SYMTAB gets nsyms = 0. Nothing else changes.
"""
import gzip
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

SYMBOLIZER = "llvm-symbolizer-19"
DWARFDUMP = "llvm-dwarfdump-19"


def dump(obj, arch, what):
    cmd = [DWARFDUMP, what]
    if arch:
        cmd.append("--arch=" + arch)
    cmd.append(obj)
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def addresses(obj, arch):
    out = set([0, 1, 0xFFFFFFF0])
    row = re.compile(r"^0x([0-9a-f]{16})\s+\d+\s+\d+\s+\d+\s+\d+")
    for line in dump(obj, arch, "--debug-line").splitlines():
        m = row.match(line)
        if m:
            a = int(m.group(1), 16)
            out.add(a)
            if a > 0:
                out.add(a - 1)
    low = None
    ranges = []
    for line in dump(obj, arch, "--debug-info").splitlines():
        m = re.search(r"DW_AT_low_pc\s+\(0x([0-9a-f]+)\)", line)
        if m:
            low = int(m.group(1), 16)
            continue
        m = re.search(r"DW_AT_high_pc\s+\(0x([0-9a-f]+)\)", line)
        if m and low is not None:
            ranges.append((low, int(m.group(1), 16)))
            low = None
            continue
        for m in re.finditer(r"\[0x([0-9a-f]+), 0x([0-9a-f]+)\)", line):
            ranges.append((int(m.group(1), 16), int(m.group(2), 16)))
    for lo, hi in ranges:
        if hi <= lo or lo == 0:
            continue
        out.update([lo, (lo + hi) // 2, hi - 1, hi])
    top = max(out)
    out.add(top + 0x1000)
    return sorted(out)


def disable_symtabs(path):
    with open(path, "r+b") as f:
        data = bytearray(f.read())
        if data[:4] == b"\x7fELF":
            patch_elf(data)
        elif data[:4] in (b"\xca\xfe\xba\xbe",):
            n = struct.unpack(">I", data[4:8])[0]
            for i in range(n):
                off = struct.unpack(">I", data[8 + 20 * i + 8:8 + 20 * i + 12])[0]
                patch_macho(data, off)
        else:
            patch_macho(data, 0)
        f.seek(0)
        f.write(data)


def patch_elf(d):
    is64 = d[4] == 2
    e = "<" if d[5] == 1 else ">"
    if is64:
        shoff = struct.unpack(e + "Q", d[0x28:0x30])[0]
        shentsize, shnum = struct.unpack(e + "HH", d[0x3A:0x3E])
    else:
        shoff = struct.unpack(e + "I", d[0x20:0x24])[0]
        shentsize, shnum = struct.unpack(e + "HH", d[0x2E:0x32])
    for i in range(shnum):
        at = shoff + i * shentsize + 4
        sh_type = struct.unpack(e + "I", d[at:at + 4])[0]
        if sh_type in (2, 11):  # SHT_SYMTAB, SHT_DYNSYM
            d[at:at + 4] = struct.pack(e + "I", 1)


def patch_macho(d, base):
    magic = d[base:base + 4]
    e = "<" if magic in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe") else ">"
    is64 = magic in (b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf")
    ncmds = struct.unpack(e + "I", d[base + 16:base + 20])[0]
    at = base + (32 if is64 else 28)
    for _ in range(ncmds):
        cmd, size = struct.unpack(e + "II", d[at:at + 8])
        if cmd == 0x2:  # LC_SYMTAB: nsyms = 0
            d[at + 12:at + 16] = struct.pack(e + "I", 0)
        at += size


def make(obj, prefix, arch, every=1):
    addrs = addresses(obj, arch)[::every]
    with open(prefix + ".addrs", "w") as f:
        for a in addrs:
            f.write("0x%x\n" % a)
    with tempfile.TemporaryDirectory() as tmp:
        name = os.path.basename(obj)
        copy = os.path.join(tmp, name)
        shutil.copyfile(obj, copy)
        disable_symtabs(copy)
        cmd = [SYMBOLIZER, "--obj=" + name, "--inlining", "--output-style=JSON", "--functions=linkage",
               "--no-demangle"]
        if arch:
            cmd.append("--default-arch=" + arch)
        with open(prefix + ".addrs") as inp:
            js = subprocess.run(cmd, check=True, stdin=inp, capture_output=True, cwd=tmp).stdout
        with open(prefix + ".json.gz", "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as out:
                out.write(js)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] != "make":
        sys.exit(__doc__)
    arch = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "-" else None
    make(sys.argv[2], sys.argv[3], arch, int(sys.argv[5]) if len(sys.argv) > 5 else 1)
