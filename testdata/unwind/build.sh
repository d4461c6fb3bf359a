#!/usr/bin/env bash
# Regenerates the CFI test data: the capture fixture (capture/src/test/c/nested.c) built by gcc and
# clang-19 (no frame pointers, so CFI is the only way through), plus binutils' readelf decoding of
# their .eh_frame as the oracle: frames.txt (raw CIEs/FDEs) and frames-interp.txt (the CFA table
# per row, which the tests compare with our interpreter at every row address).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../../capture/src/test/c/nested.c"
work=/tmp/crashkit-testdata-unwind
rm -rf "$work" && mkdir -p "$work" && trap 'rm -rf "$work"' EXIT
cp "$src" "$work/nested.c" && cd "$work"
flags="-O2 -fomit-frame-pointer -fno-optimize-sibling-calls -fno-inline -pthread -Wl,--build-id"
gcc $flags -DCK_MAIN -o nested-gcc nested.c
clang-19 $flags -DCK_MAIN -o nested-clang nested.c
gcc $flags -shared -fPIC -o libnested-gcc.so nested.c
# .debug_frame only for our code (no unwind tables, -g): kept unstripped, with debug info removed
# except the frame section.
gcc $flags -g -fno-asynchronous-unwind-tables -fno-unwind-tables -DCK_MAIN -o nested-gcc-debugframe nested.c
objcopy --strip-debug --keep-section=.debug_frame nested-gcc-debugframe
cp nested-gcc-debugframe "$here/"
readelf --debug-dump=frames nested-gcc-debugframe > "$here/nested-gcc-debugframe.frames.txt"
readelf --debug-dump=frames-interp nested-gcc-debugframe > "$here/nested-gcc-debugframe.frames-interp.txt"
for b in nested-gcc nested-clang libnested-gcc.so; do
    strip "$b"
    cp "$b" "$here/$b"
    readelf --debug-dump=frames "$b" > "$here/$b.frames.txt"
    readelf --debug-dump=frames-interp "$b" > "$here/$b.frames-interp.txt"
done
# Call-site validator data: every call encoding assembled by GNU as, labels after each from nm.
cd "$here"
gcc -c -o calls.o calls.s
nm calls.o | sort > calls.nm.txt
