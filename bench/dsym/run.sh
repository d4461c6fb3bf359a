#!/usr/bin/env bash
# One report (10 threads x 1,000 frames) against the big arm64 dSYM, side by side in one run:
# llvm-symbolizer-19 -i --output-style=JSON on the same 10,000 lookup addresses vs the README's own
# command (`java -jar symbolicate/target/symbolicate.jar REPORT --dsym DSYM --format json`) and
# bin/symbolicate, each "cold" (an empty cache folder: no debug-file index, no symbol cache; the
# first use answers from the DWARF), "second use" (the run after a cold one: it builds the symbol
# cache) and "warm" (the cache folder the previous runs filled). Median of RUNS (default 5) interleaved runs:
# wall, CPU (user+sys) and peak RSS. Outputs are checked identical across our variants. The second use
# leaves the cache to a background run (README, Symbol cache), waited for untimed after each run
# (its CPU is not in the row; "background build" times it alone).
# Needs bench/dsym/inputs.sh and mvn -B -q -DskipTests package.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/bench-out/dsym"
runs=${RUNS:-5}
jar="$root/symbolicate/target/symbolicate.jar"
dwarf="$out/Big.dSYM/Contents/Resources/DWARF/Big"
cold="$out/cache-cold"
second="$out/cache-second"
warm="$out/cache-warm"
args="$out/report.json --dsym $out/Big.dSYM --format json"
rm -rf "$warm" && java -jar "$jar" $args --cache-dir "$warm" > "$out/ours-ref.json" || [ $? = 1 ]
"$root/bin/symbolicate" $args --cache-dir "$warm" > /dev/null || [ $? = 1 ]   # the launcher's class-data archive
wait_bg="while pgrep -f '^[^ ]*java .*--symcache-onl[y]' >/dev/null; do sleep 0.1; done"
eval "$wait_bg"
llvm-symbolizer-19 -i --output-style=JSON --obj="$dwarf" < "$out/addrs.txt" > "$out/llvm.json"
echo "uptime: $(uptime)"
echo "DWARF file $(du -b "$dwarf" | cut -f1) bytes; symbol cache $(du -b "$warm"/symcache/*.symc | cut -f1) bytes"
python3 "$root/bench/dsym/sidebyside.py" "$runs" \
    "llvm-symbolizer-19=llvm-symbolizer-19 -i --output-style=JSON --obj=$dwarf < $out/addrs.txt > $out/llvm.json" \
    "java -jar, cold=rm -rf $cold;;java -jar $jar $args --cache-dir $cold > $out/ours-cold.json" \
    "java -jar, second use=rm -rf $second; java -jar $jar $args --cache-dir $second > /dev/null || [ \$? = 1 ];;java -jar $jar $args --cache-dir $second > $out/ours-second.json@@$wait_bg" \
    "background build=rm -rf $second; java -jar $jar $args --cache-dir $second > /dev/null || [ \$? = 1 ];;java -jar $jar --symcache-only $args --cache-dir $second > /dev/null" \
    "java -jar, warm=java -jar $jar $args --cache-dir $warm > $out/ours-warm.json" \
    "bin/symbolicate, cold=rm -rf $cold;;$root/bin/symbolicate $args --cache-dir $cold > $out/ours-bin-cold.json" \
    "bin/symbolicate, warm=$root/bin/symbolicate $args --cache-dir $warm > $out/ours-bin-warm.json"
for f in ours-cold ours-second ours-warm ours-bin-cold ours-bin-warm; do
    cmp -s "$out/ours-ref.json" "$out/$f.json" || { echo "OUTPUT DIFFERS: $f"; exit 1; }
done
echo "our five outputs identical; uptime after: $(uptime)"
