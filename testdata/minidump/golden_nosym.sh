#!/bin/sh
# Writes golden/NAME.nosym.stackwalk-m.txt and golden/NAME.nosym.stackwalk.txt: minidump_stackwalk (npm
# package minidump 0.26.0, unpacked in WORK as build.sh does) of the committed dumps given no symbols,
# so that every module is known only by its range: Breakpad then walks by frame records and by
# scanning for words that point into any module. The oracle of MinidumpBareWalkTest. build.sh runs it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${WORK:-/tmp/crashkit-minidump}/package/bin/linux-x64
for d in crashy crashy-abort; do
    "$bin/minidump_stackwalk" -m "$here/$d.dmp" > "$here/golden/$d.nosym.stackwalk-m.txt" 2>/dev/null
    "$bin/minidump_stackwalk" "$here/$d.dmp" > "$here/golden/$d.nosym.stackwalk.txt" 2>/dev/null
done
