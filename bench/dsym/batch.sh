#!/usr/bin/env bash
# Batch throughput side by side in one run: 1,000 crashreport/1 reports x 100 frames (4 threads x 25)
# over 20 images (copies of the big arm64 dSYM with distinct UUIDs, made by bench/dsym/inputs.sh),
# `symbolicate batch --format json` vs one llvm-symbolizer-19 -i --output-style=JSON process per image
# fed all of that image's lookup addresses (two at a time: both tools get both cores). Ours "cold"
# starts from an empty cache folder (it builds the 20 symbol caches), "warm" reuses them.
# Median of RUNS (default 3); frames/s = 100,000 / median wall; peak RSS of the largest process.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
b="$root/bench-out/dsym/batch"
runs=${RUNS:-3}
jar="$root/symbolicate/target/symbolicate.jar"
out="$b/out"
ours="batch $b/reports --dsym $b/dsyms --format json ${BATCH_OPTS:-}"
mkdir -p "$out"
rm -rf "$b/cache-warm" "$out"/* && java -jar "$jar" $ours --out "$out/ref" --cache-dir "$b/cache-warm" > /dev/null 2>&1
"$root/bin/symbolicate" $ours --out "$out/bin" --cache-dir "$b/cache-warm" > /dev/null 2>&1   # the launcher's class-data archive
echo "uptime: $(uptime)"
echo "symbol caches: $(ls "$b/cache-warm/symcache" | wc -l) files, $(du -sb "$b/cache-warm/symcache" | cut -f1) bytes"
python3 "$root/bench/dsym/sidebyside.py" "$runs" \
    "llvm-symbolizer-19 x20 (-P2)=$root/bench/dsym/llvm-batch.sh $b $out/llvm" \
    "java -jar batch, cold=rm -rf $b/cache-cold $out/c;;java -jar $jar $ours --out $out/c --cache-dir $b/cache-cold > /dev/null 2>&1" \
    "java -jar batch, warm=rm -rf $out/w;;java -jar $jar $ours --out $out/w --cache-dir $b/cache-warm > /dev/null 2>&1" \
    "bin/symbolicate batch, warm=rm -rf $out/bw;;$root/bin/symbolicate $ours --out $out/bw --cache-dir $b/cache-warm > /dev/null 2>&1"
diff -rq "$out/ref" "$out/w" > /dev/null && diff -rq "$out/ref" "$out/c" > /dev/null && echo "outputs of the cold and warm runs identical"
echo "frames: 100000; uptime after: $(uptime)"
