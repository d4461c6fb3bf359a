#!/usr/bin/env python3
"""Oracle goldens for a Breakpad .sym made from an ELF file (used by build.sh).

  oracle.py ELF SYM OUTPREFIX

writes OUTPREFIX.addrs (one hex address per line) and OUTPREFIX.json.gz (llvm-symbolizer-19 JSON on the
ELF itself, one line per address, gzipped with a fixed mtime). Addresses: every line-table row start of
the ELF's DWARF (llvm-dwarfdump-19 --debug-line, end_sequence rows left out) and the byte before it,
30 random addresses inside every FUNC of SYM (random.Random(29), reproducible), the start, middle and
last byte of every PUBLIC's first 16 bytes, and a few addresses outside all code.
"""
import gzip
import json
import random
import re
import subprocess
import sys


def line_rows(elf):
    out = subprocess.run(["llvm-dwarfdump-19", "--debug-line", elf], check=True, capture_output=True,
                         text=True).stdout
    row = re.compile(r"^0x([0-9a-f]{16})\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s*(.*)$")
    addrs = set()
    for line in out.splitlines():
        m = row.match(line)
        if m and "end_sequence" not in m.group(2):
            a = int(m.group(1), 16)
            addrs.update([a, a - 1])
    return addrs


def sym_records(sym):
    funcs, publics = [], []
    with open(sym) as f:
        for line in f:
            parts = line.split()
            if parts[0] == "FUNC":
                if parts[1] == "m":
                    parts.pop(1)
                funcs.append((int(parts[1], 16), int(parts[2], 16)))
            elif parts[0] == "PUBLIC":
                if parts[1] == "m":
                    parts.pop(1)
                publics.append(int(parts[1], 16))
    return funcs, publics


def main(elf, sym, prefix):
    rng = random.Random(29)
    addrs = line_rows(elf)
    funcs, publics = sym_records(sym)
    for start, size in funcs:
        for _ in range(30):
            addrs.add(start + rng.randrange(size))
    for p in publics:
        addrs.update([p, p + 8, p + 15])
    addrs.update([0, 1, max(addrs) + 0x100000])
    addrs = sorted(a for a in addrs if a >= 0)
    with open(prefix + ".addrs", "w") as f:
        for a in addrs:
            f.write("0x%x\n" % a)
    out = subprocess.run(["llvm-symbolizer-19", "--output-style=JSON", "--inlines", "--obj=" + elf],
                         input="".join("0x%x\n" % a for a in addrs), check=True, capture_output=True,
                         text=True).stdout
    lines = [json.dumps(json.loads(l), sort_keys=True) for l in out.splitlines() if l.strip()]
    if len(lines) != len(addrs):
        sys.exit("llvm-symbolizer answered %d of %d addresses" % (len(lines), len(addrs)))
    with open(prefix + ".json.gz", "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
            gz.write(("\n".join(lines) + "\n").encode())


if __name__ == "__main__":
    main(*sys.argv[1:])
