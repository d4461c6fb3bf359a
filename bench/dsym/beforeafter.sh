#!/usr/bin/env bash
# The same bench inputs through two builds of the command line, interleaved in one run with the anchor:
# OLD_JAR (e.g. symbolicate.jar built from an earlier commit in another checkout) against this
# checkout's symbolicate/target/symbolicate.jar. One report (10 threads x 1,000 frames, the big dSYM)
# warm and cold, then batch (1,000 reports x 100 frames over 20 images) warm, beside llvm-symbolizer-19.
# Outputs of the two builds must be byte-identical. Needs bench/dsym/inputs.sh and both jars built.
#   bench/dsym/beforeafter.sh /path/to/old/symbolicate/target/symbolicate.jar
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old="$1"
new="$root/symbolicate/target/symbolicate.jar"
runs=${RUNS:-7}
out="$root/bench-out/dsym"
dwarf="$out/Big.dSYM/Contents/Resources/DWARF/Big"
args="$out/report.json --dsym $out/Big.dSYM --format json"
ba="$out/beforeafter"
rm -rf "$ba" && mkdir -p "$ba"
for j in old new; do   # warm caches, one per build (the symbol cache format is the same; kept apart anyway)
    jar=$([ $j = old ] && echo "$old" || echo "$new")
    java -jar "$jar" $args --cache-dir "$ba/warm-$j" > "$ba/ref-$j.json" || [ $? = 1 ]
    java -jar "$jar" $args --cache-dir "$ba/warm-$j" > /dev/null || [ $? = 1 ]
done
cmp "$ba/ref-old.json" "$ba/ref-new.json"
echo "uptime: $(uptime)"
python3 "$root/bench/dsym/sidebyside.py" "$runs" \
    "llvm-symbolizer-19=llvm-symbolizer-19 -i --output-style=JSON --obj=$dwarf < $out/addrs.txt > $ba/llvm.json" \
    "old, one report warm=java -jar $old $args --cache-dir $ba/warm-old > $ba/old-warm.json" \
    "new, one report warm=java -jar $new $args --cache-dir $ba/warm-new > $ba/new-warm.json" \
    "old, one report cold=rm -rf $ba/cold;;java -jar $old $args --cache-dir $ba/cold > $ba/old-cold.json" \
    "new, one report cold=rm -rf $ba/cold;;java -jar $new $args --cache-dir $ba/cold > $ba/new-cold.json"
for f in old-warm new-warm old-cold new-cold; do
    cmp -s "$ba/ref-old.json" "$ba/$f.json" || { echo "OUTPUT DIFFERS: $f"; exit 1; }
done
echo "one report: outputs identical; uptime: $(uptime)"
b="$out/batch"
bargs="batch $b/reports --dsym $b/dsyms --format json"
for j in old new; do
    jar=$([ $j = old ] && echo "$old" || echo "$new")
    java -jar "$jar" $bargs --out "$ba/bref-$j" --cache-dir "$ba/bwarm-$j" > /dev/null 2>&1
done
diff -rq --exclude=summary.jsonl "$ba/bref-old" "$ba/bref-new"
mkdir -p "$ba/trash"
fresh() { echo "t=\$(mktemp -d $ba/trash/r.XXXXXX) && { [ ! -e $1 ] || mv $1 \$t/; } && sync"; }
python3 "$root/bench/dsym/sidebyside.py" "${BATCH_RUNS:-5}" \
    "llvm-symbolizer-19 x20 (-P2)=sync;;$root/bench/dsym/llvm-batch.sh $b $ba/llvm-batch" \
    "old, batch warm=$(fresh $ba/bo);;java -jar $old $bargs --out $ba/bo --cache-dir $ba/bwarm-old > /dev/null 2>&1" \
    "new, batch warm=$(fresh $ba/bn);;java -jar $new $bargs --out $ba/bn --cache-dir $ba/bwarm-new > /dev/null 2>&1"
diff -rq --exclude=summary.jsonl "$ba/bref-old" "$ba/bn"
echo "batch: outputs identical; uptime: $(uptime)"
rm -rf "$ba/trash"
