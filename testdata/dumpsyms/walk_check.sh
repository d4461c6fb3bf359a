#!/bin/sh
# Walks the minidump fixtures (testdata/minidump: crashy.dmp, crashy-abort.dmp, written by Breakpad's client
# from the committed -O2, frame-pointer-less binary) with Breakpad's minidump_stackwalk twice: with
# dump_syms' symbol file and with our dump-syms' (given as DUMP_SYMS, e.g. "bin/symbolicate dump-syms"),
# and compares the frames (-m: module, function, file, line, offset; plain: "Found by" trust). Writes
# walk-check.txt. Needs the npm package minidump 0.26.0 in WORK (make_goldens.sh unpacks it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
testdata=$(cd "$here/.." && pwd)
work=${WORK:-/tmp/crashkit-minidump}
bin=$work/package/bin/linux-x64
dump_syms=${DUMP_SYMS:?set DUMP_SYMS to our dump-syms command}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$testdata/minidump/crashy" "$tmp/crashy"
mkdir -p "$tmp/theirs" "$tmp/ours"
"$bin/dump_syms" "$tmp/crashy" > "$tmp/crashy.sym"
id=$(head -1 "$tmp/crashy.sym" | cut -d' ' -f4)
mkdir -p "$tmp/theirs/crashy/$id" && mv "$tmp/crashy.sym" "$tmp/theirs/crashy/$id/"
$dump_syms --store "$tmp/ours" "$tmp/crashy" > /dev/null
out=$here/walk-check.txt
: > "$out"
for d in crashy crashy-abort; do
    for side in theirs ours; do
        "$bin/minidump_stackwalk" -m "$testdata/minidump/$d.dmp" "$tmp/$side" 2>/dev/null | grep -E '^[0-9]+\|' > "$tmp/$d.$side.m"
        "$bin/minidump_stackwalk" "$testdata/minidump/$d.dmp" "$tmp/$side" 2>/dev/null | grep 'Found by' > "$tmp/$d.$side.trust"
    done
    frames=$(wc -l < "$tmp/$d.theirs.m")
    same=$(paste -d'#' "$tmp/$d.theirs.m" "$tmp/$d.ours.m" | awk -F'#' '$1 == $2' | wc -l)
    trust=$(cmp -s "$tmp/$d.theirs.trust" "$tmp/$d.ours.trust" && echo "all equal" || echo "differ")
    echo "$d: $same of $frames frames equal (thread|frame|module|function|file|line|offset); trust: $trust" >> "$out"
    diff "$tmp/$d.theirs.m" "$tmp/$d.ours.m" >> "$out" || true
done
cat "$out"
