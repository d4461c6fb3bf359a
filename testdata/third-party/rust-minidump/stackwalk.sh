#!/bin/sh
# Writes golden/NAME.stackwalk-m.txt: minidump_stackwalk -m (from the npm package minidump 0.26.0,
# see testdata/minidump/build.sh) of each dump here, without symbols: the oracle for the reader
# (system, crash, modules with Breakpad's debug ids, threads and their first frames) and, with
# golden/NAME.stackwalk.txt (the plain text, whose "Found by:" lines give each frame's trust), for
# the walk through modules of which nothing but their range is known.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${WORK:-/tmp/crashkit-minidump}/package/bin/linux-x64
for f in linux-mini simple-crashpad test; do
    "$bin/minidump_stackwalk" -m "$here/$f.dmp" > "$here/golden/$f.stackwalk-m.txt" 2>/dev/null
    "$bin/minidump_stackwalk" "$here/$f.dmp" > "$here/golden/$f.stackwalk.txt" 2>/dev/null
done
