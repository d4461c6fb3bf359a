#!/usr/bin/env bash
# Batch into one image (issue 32 goal 2, the CI case), side by side in one run: 1,000 crashreport/1
# reports x 100 frames (4 threads x 25) into the big arm64 dSYM alone (bench/dsym/inputs.sh, batch1/),
# `symbolicate batch --format json` against ONE llvm-symbolizer-19 process fed all 100,000 lookup
# addresses of those reports (`llvm-symbolizer-19 -i --output-style=JSON --obj=DWARF < addrs.txt`: the
# anchor parses the DWARF once and answers every address, as a CI job piping a batch through it would).
# "cold" starts from an empty cache folder (no debug-file index, no symbol cache: a CI runner),
# "warm" reuses the folder a previous run filled. Median of RUNS (default 5) interleaved runs: wall,
# CPU (user+sys of the process and its children) and peak RSS. Every timed run writes into a fresh folder
# (the previous one moved aside and everything written back by `sync` before the run, untimed; as batch.sh).
# JAVA25=/path/to/jdk-25 adds the same rows run by that JDK's java (bin/symbolicate with JAVA_HOME set).
# LLVM=14 runs the clang-14 workload (bench-out/dsym-clang14) instead. Needs mvn -B -q -DskipTests package.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
v=${LLVM:-19}
d="$root/bench-out/dsym"
[ "$v" = 19 ] || d="$root/bench-out/dsym-clang$v"
b="$d/batch1"
runs=${RUNS:-5}
jar="$root/symbolicate/target/symbolicate.jar"
dwarf="$d/Big.dSYM/Contents/Resources/DWARF/Big"
out="$b/out"
ours="batch $b/reports --dsym $d/Big.dSYM --format json ${BATCH_OPTS:-}"
trash="$out/trash"
fresh() {   # the untimed step before a run writing into $1: the previous outputs moved aside, all written back
    echo "t=\$(mktemp -d $trash/r.XXXXXX) && { [ ! -e $1 ] || mv $1 \$t/; } && sync"
}
cold() {   # ... and an empty cache folder $2
    echo "rm -rf $2; $(fresh "$1")"
}
mkdir -p "$out"
rm -rf "$b/cache-warm" "$out"/* && mkdir -p "$trash"
java -jar "$jar" $ours --out "$out/ref" --cache-dir "$b/cache-warm" > /dev/null 2>&1
"$root/bin/symbolicate" $ours --out "$out/bin" --cache-dir "$b/cache-warm" > /dev/null 2>&1   # the class-data archive
rows=(
    "llvm-symbolizer-19 (1 process)=sync;;llvm-symbolizer-$v -i --output-style=JSON --obj=$dwarf < $b/addrs.txt > $out/llvm.json"
    "java -jar batch, cold=$(cold $out/c $b/cache-cold);;java -jar $jar $ours --out $out/c --cache-dir $b/cache-cold > /dev/null 2>&1"
    "java -jar batch, warm=$(fresh $out/w);;java -jar $jar $ours --out $out/w --cache-dir $b/cache-warm > /dev/null 2>&1"
    "bin/symbolicate batch, cold=$(cold $out/bc $b/cache-cold);;$root/bin/symbolicate $ours --out $out/bc --cache-dir $b/cache-cold > /dev/null 2>&1"
    "bin/symbolicate batch, warm=$(fresh $out/bw);;$root/bin/symbolicate $ours --out $out/bw --cache-dir $b/cache-warm > /dev/null 2>&1"
)
checked="c w bc bw"
if [ -n "${JAVA25:-}" ]; then
    JAVA_HOME="$JAVA25" "$root/bin/symbolicate" $ours --out "$out/bin25" --cache-dir "$b/cache-warm" > /dev/null 2>&1   # records
    while pgrep -f '^[^ ]*java .*AOTMode=creat[e]' > /dev/null; do sleep 0.1; done   # its AOT cache assembled
    rows+=(
        "JDK 25 bin/symbolicate, cold=$(cold $out/c25 $b/cache-cold);;env JAVA_HOME=$JAVA25 $root/bin/symbolicate $ours --out $out/c25 --cache-dir $b/cache-cold > /dev/null 2>&1"
        "JDK 25 bin/symbolicate, warm=$(fresh $out/w25);;env JAVA_HOME=$JAVA25 $root/bin/symbolicate $ours --out $out/w25 --cache-dir $b/cache-warm > /dev/null 2>&1"
        "JDK 25 java -jar batch, cold=$(cold $out/jc25 $b/cache-cold);;$JAVA25/bin/java -jar $jar $ours --out $out/jc25 --cache-dir $b/cache-cold > /dev/null 2>&1"
        "JDK 25 java -jar batch, warm=$(fresh $out/jw25);;$JAVA25/bin/java -jar $jar $ours --out $out/jw25 --cache-dir $b/cache-warm > /dev/null 2>&1"
    )
    checked="$checked c25 w25 jc25 jw25"
fi
echo "uptime: $(uptime)"
echo "DWARF file $(du -b "$dwarf" | cut -f1) bytes; symbol cache $(du -b "$b"/cache-warm/symcache/*.symc | cut -f1) bytes"
python3 "$root/bench/dsym/sidebyside.py" "$runs" "${rows[@]}"
rm -rf "$trash"
# summary.jsonl lists reports in the order workers finished them: compared sorted.
for x in $checked; do
    diff -rq --exclude=summary.jsonl "$out/ref" "$out/$x" > /dev/null \
        && cmp -s <(sort "$out/ref/summary.jsonl") <(sort "$out/$x/summary.jsonl") \
        || { echo "OUTPUTS DIFFER: $x"; exit 1; }
done
echo "outputs of all our runs identical (1,000 reports + summary); frames: 100000; uptime after: $(uptime)"
