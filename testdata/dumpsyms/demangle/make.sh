#!/bin/sh
# The GNU-style demangling oracle: mangled C++ names (names.txt) and GNU c++filt -i's demangling of each
# (cxxfilt.txt, one line per name). -i (--no-verbose) prints what __cxa_demangle, and so Breakpad's dump_syms,
# prints. Names: every _Z symbol of testdata/minidump/crashy and testdata/dumpsyms/bin-names, every DWARF
# linkage name of bin-names (dump-syms -d names inline origins by them: readelf from binutils), and every 25th
# of libjvm.so's debug file from Debian's openjdk-17-dbg (if installed); names with a symbol version (@) are
# left out (__cxa_demangle does not take them).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
testdata=$(cd "$here/../.." && pwd)
jvm=/usr/lib/debug/.build-id/45/183927463c526d5b9c9d456494ad816a7e3fee.debug
{
    {
        nm "$testdata/minidump/crashy" "$testdata/dumpsyms/bin-names" 2>/dev/null | awk '{print $NF}'
        readelf --debug-dump=info "$testdata/dumpsyms/bin-names" 2>/dev/null | grep 'DW_AT_linkage_name' | awk '{print $NF}'
    } | grep '^_Z' | grep -v @ | sort -u
    if [ -f "$jvm" ]; then
        nm "$jvm" | awk '{print $NF}' | grep '^_Z' | grep -v @ | sort -u | awk 'NR % 25 == 0'
    fi
} > "$here/names.txt"
c++filt -i < "$here/names.txt" > "$here/cxxfilt.txt"
