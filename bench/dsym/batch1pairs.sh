#!/usr/bin/env bash
# Batch into one image (issue 32 goal 2), an old build against this one, alternated in one run, with
# llvm-symbolizer-19 as the anchor: batch1.sh's workload (bench/dsym/inputs.sh, batch1/: 1,000 reports x
# 100 frames into Big.dSYM), warm (a cache folder filled before) and cold (an empty one), by bin/symbolicate
# and by java -jar. BASE is a folder laid out as this tree with the old build: BASE/bin/symbolicate and
# BASE/symbolicate/target/symbolicate{,-all}.jar (e.g. `git worktree add /tmp/base main`, built with
# `mvn -B -q -DskipTests package -pl symbolicate -am`, or copies of them). ROUNDS (default 5) rounds,
# the order reversed every other round, paired medians against the first row (preppairs.py). Every run
# writes into a fresh folder (the previous one moved aside and `sync`ed, untimed). At the end every output
# of the last round is compared with the first run's of BASE (byte-identical; summary.jsonl sorted).
# Two more rows run a batch of one report (the first of batch1/), warm: the fixed cost of a run (the
# launcher, the JVM's start, opening the image, the first report, the summary).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
base=${BASE:?BASE=folder with the old build}
d="$root/bench-out/dsym"
b="$d/batch1"
out="$b/pairs"
dwarf="$d/Big.dSYM/Contents/Resources/DWARF/Big"
ours="batch $b/reports --dsym $d/Big.dSYM --format json ${BATCH_OPTS:-}"
rm -rf "$out" && mkdir -p "$out/trash" "$out/one"
cp "$b/reports/$(ls "$b/reports" | head -1)" "$out/one/"
for t in base new; do   # warm cache folders (and the class-data archives of both builds)
    top=$root; [ $t = base ] && top=$base
    "$top/bin/symbolicate" $ours --out "$out/ref-$t" --cache-dir "$out/cache-$t" > /dev/null 2>&1
    java -jar "$top/symbolicate/target/symbolicate.jar" $ours --out "$out/ref2-$t" --cache-dir "$out/cache-$t" > /dev/null 2>&1
done
fresh() { echo "t=\$(mktemp -d $out/trash/r.XXXXXX) && { [ ! -e $out/$1 ] || mv $out/$1 \$t/; } && sync"; }
cold() { echo "rm -rf $out/cold-$1; $(fresh "$1")"; }
row() {   # NAME TOP WARM|COLD bin|jar
    local top=$root; [ "${1%% *}" = base ] && top=$base
    local cache="$out/cache-${1%% *}" prep
    prep=$(fresh "$5")
    [ "$3" = cold ] && { cache="$out/cold-$5"; prep=$(cold "$5"); }
    local run="$top/bin/symbolicate"; [ "$4" = jar ] && run="java -jar $top/symbolicate/target/symbolicate.jar"
    echo "$1=$prep;;$run $ours --out $out/$5 --cache-dir $cache > /dev/null 2>&1"
}
one() {   # NAME base|new OUT: bin/symbolicate, warm, a batch of one report
    local top=$root; [ "$2" = base ] && top=$base
    echo "$1=$(fresh "$3");;$top/bin/symbolicate batch $out/one --dsym $d/Big.dSYM --format json --out $out/$3 --cache-dir $out/cache-$2 > /dev/null 2>&1"
}
echo "uptime: $(uptime)"
python3 "$root/bench/dsym/preppairs.py" "${ROUNDS:-5}" \
    "$(row "base bin warm" "$base" warm bin bw)" "$(row "new bin warm" "$root" warm bin nw)" \
    "$(row "base bin cold" "$base" cold bin bc)" "$(row "new bin cold" "$root" cold bin nc)" \
    "$(row "base jar warm" "$base" warm jar jw)" "$(row "new jar warm" "$root" warm jar njw)" \
    "$(one "base bin warm, 1 report" base b1)" "$(one "new bin warm, 1 report" new n1)" \
    "llvm-symbolizer-19=sync;;llvm-symbolizer-19 -i --output-style=JSON --obj=$dwarf < $b/addrs.txt > $out/llvm.json"
rm -rf "$out/trash"
for x in ref-new ref2-base ref2-new bw nw bc nc jw njw; do
    diff -rq --exclude=summary.jsonl "$out/ref-base" "$out/$x" > /dev/null \
        && cmp -s <(sort "$out/ref-base/summary.jsonl") <(sort "$out/$x/summary.jsonl") \
        || { echo "OUTPUTS DIFFER: $x"; exit 1; }
done
diff -rq --exclude=summary.jsonl "$out/b1" "$out/n1" > /dev/null || { echo "OUTPUTS DIFFER: 1 report"; exit 1; }
echo "outputs identical (1,000 reports + summary, every row's last run and both builds' first; the 1-report rows); uptime after: $(uptime)"
