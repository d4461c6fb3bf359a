#!/usr/bin/env bash
# Inputs of the libjvm.so benchmark (issue 12's real-world case) into bench-out/libjvm (gitignored):
#   report.json   crashreport/1, 30 threads x 100 frames into HotSpot's libjvm.so (fixed seed): frame 0 of
#                 each thread an exact PC (a random instruction of a random function), the others return
#                 addresses (the instruction after a random call of a random function)
#   addrs.txt     the 3,000 link-time addresses those frames are looked up at (exact PCs as they are,
#                 return addresses - 1), what llvm-symbolizer is fed
#   debug         symbolic link to libjvm.so's separate debug file (/usr/lib/debug/.build-id/xx/rest.debug)
# Needs Debian's openjdk-17-jdk-headless and openjdk-17-dbg of the same version, and llvm-19
# (apt-get install openjdk-17-dbg llvm-19). Takes ~20 s (one disassembly of libjvm.so's .text).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/bench-out/libjvm"
lib="${LIBJVM:-$(readlink -f /usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so)}"
mkdir -p "$out"
id=$(readelf -n "$lib" | awk '/Build ID/ {print $3}')
debug="/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
[ -f "$debug" ] || { echo "no debug file $debug for $lib (build-id $id): apt-get install openjdk-17-dbg" >&2; exit 1; }
ln -sfn "$debug" "$out/debug"
llvm-nm-19 -S --defined-only "$debug" > "$out/nm.txt"
llvm-objdump-19 -d --no-show-raw-insn --section=.text "$lib" > "$out/text.s"
readelf -lW "$lib" > "$out/segments.txt"
python3 "$root/bench/libjvm/make_report.py" "$out" "$lib" "$id"
rm "$out/text.s"
echo "inputs in $out (debug file $debug, $(du -bL "$out/debug" | cut -f1) bytes)"
