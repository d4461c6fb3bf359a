#!/bin/sh
# Writes sym/crashy/ID/crashy.sym: Breakpad's dump_syms output for the committed binary `crashy`, the
# same symbol file build.sh gives minidump_stackwalk for the golden walks (in Breakpad's symbol-server
# layout). The walk test given only this file checks our reading of its STACK CFI against those walks.
# Needs the npm package minidump 0.26.0 unpacked in WORK (build.sh does that).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${WORK:-/tmp/crashkit-minidump}
"$work/package/bin/linux-x64/dump_syms" "$here/crashy" > "$work/crashy.sym"
id=$(head -1 "$work/crashy.sym" | cut -d' ' -f4)
rm -rf "$here/sym"
mkdir -p "$here/sym/crashy/$id"
mv "$work/crashy.sym" "$here/sym/crashy/$id/crashy.sym"
