#!/bin/sh
# Makes the dump-syms goldens with Breakpad's own dump_syms (npm package minidump 0.26.0, the same tools
# testdata/minidump/build.sh uses): golden/NAME.sym for every file inputs.txt lists, and golden/inline/NAME.sym
# (dump_syms -d) for every file inline-inputs.txt lists. bin-names is built
# here first (g++ -O2 -g -gdwarf-4: this dump_syms cannot read DWARF 5 range lists, see README.md).
# Then walk_check.sh (needs our dump-syms built) walks the minidump fixtures with both symbol files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
testdata=$(cd "$here/.." && pwd)
work=${WORK:-/tmp/crashkit-minidump}
mkdir -p "$work"
if [ ! -d "$work/package" ]; then
    (cd "$work" && npm pack minidump@0.26.0 && tar xzf minidump-0.26.0.tgz)
fi
bin=$work/package/bin/linux-x64
if [ "${REBUILD:-0}" = 1 ] || [ ! -f "$here/bin-names" ]; then
    (cd "$here/src" && g++ -O2 -g -gdwarf-4 -fdebug-prefix-map="$here/src"=src -o "$here/bin-names" names.cc)
fi
# Only this script's goldens: golden/mac is make_mac_goldens.sh's.
rm -rf "$here/golden/inline"
rm -f "$here"/golden/*.sym
mkdir -p "$here/golden"
grep -v '^#' "$here/inputs.txt" | while read -r f; do
    [ -n "$f" ] || continue
    "$bin/dump_syms" "$testdata/$f" > "$here/golden/$(basename "$f").sym" 2>/dev/null
done
# dump_syms -d: the same files' INLINE_ORIGIN and INLINE records, for every file inline-inputs.txt lists.
mkdir -p "$here/golden/inline"
grep -v '^#' "$here/inline-inputs.txt" | while read -r f; do
    [ -n "$f" ] || continue
    "$bin/dump_syms" -d "$testdata/$f" > "$here/golden/inline/$(basename "$f").sym" 2>/dev/null
done
