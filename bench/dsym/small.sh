#!/usr/bin/env bash
# A typical small report (issue 32 goal 1): 30 threads x 30 frames over 3 images (copies of the big
# arm64 dSYM with distinct UUIDs; bench/dsym/inputs.sh, small/), side by side in one run:
# ONE llvm-symbolizer-19 process fed all 900 lookups as "DWARF ADDRESS" lines
# (`llvm-symbolizer-19 -i --output-style=JSON < lookups.txt`) against `symbolicate REPORT --dsym D1
# --dsym D2 --dsym D3 --format json`. "cold": an empty --cache-dir (no debug-file index, no symbol
# cache), the JVM's start-up cache (class-data archive / AOT cache) made by an earlier run;
# "first run": an empty start-up cache folder too (CRASHKIT_CACHE), i.e. a fresh CI runner (that run
# also writes the start-up cache: on JDK 17 at its exit, on JDK 25 by a background JVM after it,
# waited for untimed); "warm": the cache folder an earlier run filled. Median of RUNS (default 7)
# interleaved runs: wall, CPU (user+sys of the process and its children), peak RSS.
# JAVA25=/path/to/jdk-25 adds the JDK 25 rows (its java -jar, and bin/symbolicate with JAVA_HOME).
# LLVM=14 runs the clang-14 workload. Needs mvn -B -q -DskipTests package.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
v=${LLVM:-19}
d="$root/bench-out/dsym"
[ "$v" = 19 ] || d="$root/bench-out/dsym-clang$v"
s="$d/small"
runs=${RUNS:-7}
jar="$root/symbolicate/target/symbolicate.jar"
dsyms="--dsym $d/batch/dsyms/Big00.dSYM --dsym $d/batch/dsyms/Big01.dSYM --dsym $d/batch/dsyms/Big02.dSYM"
args="$s/report.json $dsyms --format json"
o="$s/out"
mkdir -p "$o"
first="$o/startup-first"   # the start-up cache folder of the "first run" rows, emptied before each
wait_bg="while pgrep -f '^[^ ]*java .*(--symcache-onl[y]|AOTMode=creat[e])' >/dev/null; do sleep 0.1; done"
rm -rf "$s/cache-warm"
java -jar "$jar" $args --cache-dir "$s/cache-warm" > "$o/ref.json" || [ $? = 1 ]
java -jar "$jar" $args --cache-dir "$s/cache-warm" > /dev/null || [ $? = 1 ]     # second use: caches in the background
"$root/bin/symbolicate" $args --cache-dir "$s/cache-warm" > /dev/null || [ $? = 1 ]
eval "$wait_bg"
rows=(
    "llvm-symbolizer-19 (1 process)=llvm-symbolizer-$v -i --output-style=JSON < $s/lookups.txt > $o/llvm.json"
    "java -jar, first run=rm -rf $first $s/cache-cold;;env CRASHKIT_CACHE=$first java -jar $jar $args --cache-dir $s/cache-cold > $o/j-first.json@@$wait_bg"
    "java -jar, cold=rm -rf $s/cache-cold;;java -jar $jar $args --cache-dir $s/cache-cold > $o/j-cold.json"
    "java -jar, warm=java -jar $jar $args --cache-dir $s/cache-warm > $o/j-warm.json"
    "bin/symbolicate, cold=rm -rf $s/cache-cold;;$root/bin/symbolicate $args --cache-dir $s/cache-cold > $o/b-cold.json"
    "bin/symbolicate, warm=$root/bin/symbolicate $args --cache-dir $s/cache-warm > $o/b-warm.json"
)
checked="j-first j-cold j-warm b-cold b-warm"
if [ -n "${JAVA25:-}" ]; then
    "$JAVA25/bin/java" -jar "$jar" $args --cache-dir "$s/cache-warm" > /dev/null || [ $? = 1 ]   # records; AOT cache after
    eval "$wait_bg"
    rows+=(
        "JDK 25 java -jar, first run=rm -rf $first $s/cache-cold;;env CRASHKIT_CACHE=$first $JAVA25/bin/java -jar $jar $args --cache-dir $s/cache-cold > $o/j25-first.json@@$wait_bg"
        "JDK 25 java -jar, cold=rm -rf $s/cache-cold;;$JAVA25/bin/java -jar $jar $args --cache-dir $s/cache-cold > $o/j25-cold.json"
        "JDK 25 java -jar, warm=$JAVA25/bin/java -jar $jar $args --cache-dir $s/cache-warm > $o/j25-warm.json"
        "JDK 25 bin/symbolicate, cold=rm -rf $s/cache-cold;;env JAVA_HOME=$JAVA25 $root/bin/symbolicate $args --cache-dir $s/cache-cold > $o/b25-cold.json"
        "JDK 25 bin/symbolicate, warm=env JAVA_HOME=$JAVA25 $root/bin/symbolicate $args --cache-dir $s/cache-warm > $o/b25-warm.json"
    )
    checked="$checked j25-first j25-cold j25-warm b25-cold b25-warm"
fi
echo "uptime: $(uptime)"
python3 "$root/bench/dsym/sidebyside.py" "$runs" "${rows[@]}"
for f in $checked; do
    cmp -s "$o/ref.json" "$o/$f.json" || { echo "OUTPUT DIFFERS: $f"; exit 1; }
done
echo "our outputs identical ($checked); uptime after: $(uptime)"
