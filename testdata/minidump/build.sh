#!/bin/sh
# Rebuilds the minidump fixtures and their golden walks (see README.md). Needs gcc/g++, make, npm.
# Writes: crashy (the test binary, with DWARF), crashy.dmp and crashy-abort.dmp (written by Breakpad's
# own Linux client when crashy crashes, or aborts), golden/NAME.stackwalk-m.txt and
# golden/NAME.stackwalk.txt (minidump_stackwalk of each dump with dump_syms' output of the binary).
# sym/ (make_sym.sh): that .sym file itself, for the walk given only symbol files.
# arm64/make_dumps.py (run after this, with the same WORK) writes the arm64 dumps and their golden.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-/tmp/crashkit-minidump}
mkdir -p "$work"
cd "$work"
if [ ! -d package ]; then
    npm pack minidump@0.26.0
    tar xzf minidump-0.26.0.tgz
fi
bp=$work/package/deps/breakpad
bin=$work/package/bin/linux-x64
if [ ! -f "$bp/src/client/linux/libbreakpad_client.a" ]; then
    # The tarball keeps LSS one level up; gcc 12 warns about rsp in an LSS clobber list (-Werror).
    ln -sfn ../../../third_party/lss "$bp/src/third_party/lss"
    (cd "$bp" && ./configure >/dev/null && make -j2 CXXFLAGS="-g -O2 -Wno-error" src/client/linux/libbreakpad_client.a >/dev/null)
fi
cp "$bp/src/client/linux/libbreakpad_client.a" bpc.a
strip -g bpc.a # the client's own DWARF would triple the binary's size
g++ -O2 -g0 -I"$bp/src" -c "$here/src/bp_shim.cc" -o bp_shim.o
# Relative source names in the DWARF, so that the golden files do not depend on the checkout's path.
# No hot/cold splitting: dump_syms names a split-off "f.cold" part by its ELF symbol, without lines,
# where the DWARF (and we) name it f; that is a difference in symbol files, not in the walk.
(cd "$here/src" && gcc -O2 -g -fomit-frame-pointer -fno-reorder-blocks-and-partition -fno-pie -fdebug-prefix-map="$here/src"=src -c crashy.c -o "$work/crashy.o")
g++ -static -no-pie -o crashy crashy.o bp_shim.o bpc.a -lpthread
rm -rf dumps dumps-abort && mkdir dumps dumps-abort
./crashy dumps || true # it crashes on purpose; Breakpad writes the dump
./crashy dumps-abort abort || true
cp crashy "$here/crashy"
cp dumps/*.dmp "$here/crashy.dmp"
cp dumps-abort/*.dmp "$here/crashy-abort.dmp"
chmod 644 "$here"/*.dmp
rm -rf syms && "$bin/dump_syms" crashy > crashy.sym
id=$(head -1 crashy.sym | cut -d' ' -f4)
mkdir -p "syms/crashy/$id" && mv crashy.sym "syms/crashy/$id/"
mkdir -p "$here/golden"
for d in crashy crashy-abort; do
    "$bin/minidump_stackwalk" -m "$here/$d.dmp" syms > "$here/golden/$d.stackwalk-m.txt" 2>/dev/null
    "$bin/minidump_stackwalk" "$here/$d.dmp" syms > "$here/golden/$d.stackwalk.txt" 2>/dev/null
done
WORK=$work "$here/make_sym.sh"
WORK=$work "$here/golden_nosym.sh"
