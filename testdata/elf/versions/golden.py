#!/usr/bin/env python3
"""Name + version goldens for ELF symbol versions (used by build.sh).

  golden.py FULL STRIPPED DEBUG > names.tsv

Addresses: the start, second byte, middle and last byte of every defined function of FULL (the
library before stripping, llvm-nm-19 -S), plus two addresses outside all of them. For each address
and each of STRIPPED (names from .dynsym) and DEBUG (.symtab + DWARF), llvm-symbolizer-19
(--no-demangle --no-inlines, linkage names) names the function. gdb and llvm-symbolizer print a
.dynsym name without its version, a .symtab one with it (compute@@VERS_2.0); crashkit prints both
without it and gives the version beside the name. So the expected name is the tool's name up to its
first '@' (not a leading one). The expected version is that of the function of that name covering
the address in llvm-nm-19's listing of the file (.symtab for DEBUG) and of STRIPPED's .dynsym (-D),
the default one ('@@') when it has several at one address (both@@VERS_2.0 and both@VERS_1.0, as
glibc's clock_nanosleep: llvm-symbolizer and gdb each pick one of the two by table order); else none.

Output: FILE<TAB>ADDRESS<TAB>TOOL NAME<TAB>NAME<TAB>VERSION ("??" names: no symbol; "-": no version).
"""
import os
import re
import subprocess
import sys


def nm(path, dynamic):
    """(base name, version, default, start, size) of defined code symbols, as llvm-nm-19 prints them."""
    cmd = ["llvm-nm-19", "-S", "--defined-only"] + (["-D"] if dynamic else []) + [path]
    out = []
    for line in subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "Tti":
            name, version = split(f[3])
            out.append((name, version, "@@" in f[3], int(f[0], 16), int(f[1], 16)))
    return out


def split(name):
    at = name.find("@", 1)
    if at < 0:
        return name, ""
    version = name[at + 1:]
    return name[:at], version[1:] if version.startswith("@") else version


def symbolize(path, addresses):
    cmd = ["llvm-symbolizer-19", "--no-demangle", "--no-inlines", "--functions=linkage", "-e", path]
    text = "\n".join(hex(a) for a in addresses) + "\n"
    out = subprocess.run(cmd, input=text, check=True, capture_output=True, text=True).stdout
    blocks = [b.splitlines() for b in out.strip("\n").split("\n\n")]
    if len(blocks) != len(addresses):
        sys.exit(f"{path}: {len(blocks)} answers for {len(addresses)} addresses")
    return [b[0] for b in blocks]


def main():
    full, stripped, debug = sys.argv[1:4]
    addresses = set()
    for _, _, _, start, size in nm(full, False):
        if size > 0:
            addresses.update([start, start + 1, start + size // 2, start + size - 1])
    addresses.update([0x10, 0xfffff0])
    addresses = sorted(addresses)
    dynsym = nm(stripped, True)
    for path in (stripped, debug):
        listed = dynsym + (nm(debug, False) if path == debug else [])
        for a, tool in zip(addresses, symbolize(path, addresses)):
            name, version = split(tool)
            found = sorted((not d, v) for n, v, d, s, z in listed if n == name and v and s <= a < max(s + z, s + 1))
            if found and tool != "??":
                version = found[0][1]
            print(f"{os.path.basename(path)}\t{hex(a)}\t{tool}\t{name}\t{version or '-'}")


main()
