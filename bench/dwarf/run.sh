#!/usr/bin/env bash
# DWARF lookup benchmark, side by side in one run: 10,000 addresses against a >= 15 MB DWARF file
# (20,000 generated C functions with nested always_inline helpers, clang-19 -O2 -g, DWARF 5),
# our reader (bench jar, JVM start-up included) vs llvm-symbolizer-19 -i, wall time, median of 5.
# The big file is generated on demand into bench-out/dwarf (gitignored), never committed.
# Needs: mvn -B -q -Pbench package -DskipTests (for bench/target/benchmarks.jar), clang-19, lld.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/bench-out/dwarf"
jar="$root/bench/target/benchmarks.jar"
runs=${RUNS:-5}
mkdir -p "$out"
if [ ! -f "$out/big" ]; then
    rm -rf "$out/src" && python3 "$root/bench/dwarf/gen_big.py" "$out/src"
    (cd "$out/src" && ls unit*.c main.c | xargs -P 2 -I{} clang-19 -O2 -g -gdwarf-5 \
        -fdebug-prefix-map="$out/src=/bench" -c {} -o {}.o && clang-19 -fuse-ld=lld ./*.o -o "$out/big")
fi
dwarf_bytes=$(llvm-readelf-19 -S -W "$out/big" | python3 -c '
import sys
print(sum(int(l.split()[5], 16) for l in sys.stdin if l.split()[1:2] and l.split()[1].startswith(".debug_")))')
funcs=$(llvm-nm-19 --defined-only "$out/big" | grep -c ' T fn_')
# 10,000 addresses: a random function (fixed seed), a random byte inside it
llvm-nm-19 --defined-only -S "$out/big" | python3 -c '
import random, sys
fns = [l.split() for l in sys.stdin if " T fn_" in l]
random.seed(20261121)
for _ in range(10000):
    a, s = (int(x, 16) for x in random.choice(fns)[:2])
    print(hex(a + random.randrange(max(s, 1))))' > "$out/addrs.txt"

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
llvm_times=() ours_times=() cli_times=()
llvm-symbolizer-19 -i --obj="$out/big" < "$out/addrs.txt" > "$out/llvm.out"   # warm the page cache
java -cp "$jar" dev.crashkit.bench.DwarfLookupCommand "$out/big" "$out/addrs.txt" > "$out/ours.out"
for i in $(seq "$runs"); do
    t0=$(now); llvm-symbolizer-19 -i --obj="$out/big" < "$out/addrs.txt" > "$out/llvm.out"; t1=$(now)
    java ${JAVA_OPTS:-} -cp "$jar" dev.crashkit.bench.DwarfLookupCommand "$out/big" "$out/addrs.txt" > "$out/ours.out"; t2=$(now)
    # The user-facing CLI on the same addresses (atos output format, so not diffed).
    "$root/bin/symbolicate" atos -o "$out/big" -i -f "$out/addrs.txt" --demangle none > "$out/cli.out"; t3=$(now)
    llvm_times+=($(( (t1 - t0) / 1000000 ))); ours_times+=($(( (t2 - t1) / 1000000 ))); cli_times+=($(( (t3 - t2) / 1000000 )))
done
l=$(printf '%s\n' "${llvm_times[@]}" | median)
o=$(printf '%s\n' "${ours_times[@]}" | median)
c=$(printf '%s\n' "${cli_times[@]}" | median)
same=$(diff -q "$out/llvm.out" "$out/ours.out" >/dev/null && echo "identical" || echo "DIFFERENT ($(diff "$out/llvm.out" "$out/ours.out" | grep -c '^<') lines)")
echo "DWARF file: $(du -b "$out/big" | cut -f1) bytes on disk, $dwarf_bytes bytes of .debug_* sections, $funcs functions"
echo "llvm-symbolizer-19 -i: ${llvm_times[*]} ms (median $l ms)"
echo "crashkit DwarfContext: ${ours_times[*]} ms (median $o ms)  JAVA_OPTS='${JAVA_OPTS:-}'"
echo "ratio ours/llvm: $(awk -v o="$o" -v l="$l" 'BEGIN {printf "%.2f", o / l}')   outputs: $same"
echo "crashkit CLI (bin/symbolicate atos -i): ${cli_times[*]} ms (median $c ms), ratio $(awk -v c="$c" -v l="$l" 'BEGIN {printf "%.2f", c / l}')"
