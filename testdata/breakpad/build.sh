#!/usr/bin/env bash
# Breakpad .sym test data: two small C++ programs (g++ 12 and clang++-19, -g -gdwarf-4 -O2: Breakpad's
# dump_syms of minidump@0.26.0 reads no DWARF 5 range lists, so inline records need DWARF 4), their
# Breakpad symbol files from Breakpad's own dump_syms (-d: INLINE records; STACK CFI by default), stored
# as NAME/DEBUGID/NAME.sym like a symbol server, and llvm-symbolizer-19 goldens on the ELF files (oracle.py).
#
# dump_syms: `npm pack minidump@0.26.0` and `tar xzf minidump-0.26.0.tgz package/bin/linux-x64/dump_syms`;
# give its path in DUMP_SYMS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
: "${DUMP_SYMS:?set DUMP_SYMS to Breakpad dump_syms (npm minidump@0.26.0, package/bin/linux-x64/dump_syms)}"
command -v llvm-symbolizer-19 >/dev/null && command -v llvm-dwarfdump-19 >/dev/null && command -v clang++-19 >/dev/null

# Source paths recorded as /src/...: the same in every checkout.
MAP="-fdebug-prefix-map=$(pwd)=/src/breakpad"
mkdir -p bin golden sym
g++ -g -gdwarf-4 -O2 $MAP -Wl,--build-id=sha1 -o bin/shapes src/main.cpp src/shapes.cpp
clang++-19 -g -gdwarf-4 -O2 $MAP -Wl,--build-id=sha1 -o bin/shapes-clang src/main.cpp src/shapes.cpp

rm -rf sym/*
for b in shapes shapes-clang; do
    "$DUMP_SYMS" -d "bin/$b" > "golden/$b.sym.tmp"
    id=$(head -1 "golden/$b.sym.tmp" | cut -d' ' -f4)
    mkdir -p "sym/$b/$id"
    mv "golden/$b.sym.tmp" "sym/$b/$id/$b.sym"
    python3 oracle.py "bin/$b" "sym/$b/$id/$b.sym" "golden/$b"
done
