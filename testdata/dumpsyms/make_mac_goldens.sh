#!/bin/sh
# Makes the Mach-O dump-syms goldens with Breakpad's own Mac dump_syms, built on Linux from the Breakpad sources
# in the npm package minidump 0.26.0 (package/deps/breakpad; Makefile.am builds src/tools/mac/dump_syms/dump_syms_mac
# on an x86 host, with -DHAVE_MACH_O_NLIST_H and the Mach-O headers of src/third_party/mac_headers).
# For every line of mac-cases.txt (NAME ARGS...) it runs `dump_syms_mac ARGS` in testdata/macho and keeps the
# output in golden/mac/NAME.sym (NAME.sym.gz above 256 KiB), or, when dump_syms_mac fails, its error in
# golden/mac/NAME.fails.
# Needs npm, g++ and make; WORK (default /tmp/crashkit-minidump-mac) holds the package and the build.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
macho=$(cd "$here/../macho" && pwd)
work=${WORK:-/tmp/crashkit-minidump-mac}
mkdir -p "$work"
if [ ! -d "$work/package" ]; then
    (cd "$work" && npm pack minidump@0.26.0 && tar xzf minidump-0.26.0.tgz)
fi
breakpad=$work/package/deps/breakpad
tool=$breakpad/src/tools/mac/dump_syms/dump_syms_mac
if [ ! -x "$tool" ]; then
    # The tarball keeps Linux Syscall Support one level up; configure looks for it under src/third_party.
    [ -e "$breakpad/src/third_party/lss" ] || ln -s ../../../third_party/lss "$breakpad/src/third_party/lss"
    # -Wno-error: gcc 12 warns about `rsp` in an LSS clobber list, and -Werror is on by default.
    (cd "$breakpad" && ./configure && make CXXFLAGS="-g -O2 -Wno-error" src/tools/mac/dump_syms/dump_syms_mac)
fi
rm -rf "$here/golden/mac"
mkdir -p "$here/golden/mac"
grep -v '^#' "$here/mac-cases.txt" | while read -r name args; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086 # ARGS are words: options and paths without spaces
    if (cd "$macho" && "$tool" $args > "$here/golden/mac/$name.sym" 2> "$work/stderr"); then
        # Big files (CrashLibiOS: 1.2 MB) are kept gzipped; the test reads either.
        if [ "$(wc -c < "$here/golden/mac/$name.sym")" -gt 262144 ]; then
            gzip -n -9 -f "$here/golden/mac/$name.sym"
        fi
    else
        rm -f "$here/golden/mac/$name.sym"
        cp "$work/stderr" "$here/golden/mac/$name.fails"
    fi
done
