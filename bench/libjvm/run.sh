#!/usr/bin/env bash
# Issue 12's real-world case: 3,000 PCs (30 threads x 100 frames) in HotSpot's libjvm.so with its Debian debug
# file (openjdk-17-dbg: 156 MB, zlib-compressed DWARF 5 sections, 257 MB of .debug_info once inflated), JSON
# output, side by side in one run: llvm-symbolizer-19 --inlining --output-style=JSON on the same 3,000 lookup
# addresses vs the README's command (`java -jar symbolicate/target/symbolicate.jar REPORT --dsym /usr/lib/debug
# --format json`), "cold" (an empty cache folder: no debug-file index, no symbol cache; answers from the DWARF),
# "second use" (the run after a cold one: it builds the symbol cache) and "warm" (the folder the previous runs
# filled). Median of RUNS (default 5) interleaved runs: wall, CPU (user+sys) and peak RSS. Our outputs are checked
# identical across the variants, and compared with llvm-symbolizer's answers (bench/libjvm/compare.py).
# Needs bench/libjvm/inputs.sh and mvn -B -q -DskipTests package.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/bench-out/libjvm"
runs=${RUNS:-5}
jar="${JAR:-$root/symbolicate/target/symbolicate.jar}"
debug="$(readlink -f "$out/debug")"
cold="$out/cache-cold"
second="$out/cache-second"
warm="$out/cache-warm"
args="$out/report.json --dsym ${DSYM:-/usr/lib/debug} --format json"
rm -rf "$warm" && java -jar "$jar" $args --cache-dir "$warm" > "$out/ours-ref.json"
java -jar "$jar" $args --cache-dir "$warm" > /dev/null   # second use: builds the symbol cache
llvm-symbolizer-19 --inlining --output-style=JSON --obj="$debug" < "$out/addrs.txt" > "$out/llvm.json"
echo "uptime: $(uptime)"
echo "debug file $(du -b "$debug" | cut -f1) bytes; symbol cache $(du -b "$warm"/symcache/*.symc | cut -f1) bytes"
python3 "$root/bench/dsym/sidebyside.py" "$runs" \
    "llvm-symbolizer-19=llvm-symbolizer-19 --inlining --output-style=JSON --obj=$debug < $out/addrs.txt > $out/llvm.json" \
    "java -jar, cold=rm -rf $cold;;java -jar $jar $args --cache-dir $cold > $out/ours-cold.json" \
    "java -jar, second use=rm -rf $second; java -jar $jar $args --cache-dir $second > /dev/null;;java -jar $jar $args --cache-dir $second > $out/ours-second.json" \
    "java -jar, warm=java -jar $jar $args --cache-dir $warm > $out/ours-warm.json"
for f in ours-cold ours-second ours-warm; do
    cmp -s "$out/ours-ref.json" "$out/$f.json" || { echo "OUTPUT DIFFERS: $f"; exit 1; }
done
echo "our outputs identical; uptime after: $(uptime)"
python3 "$root/bench/libjvm/compare.py" "$out/ours-ref.json" "$out/llvm.json" "${SHOW:-5}"
