#!/bin/sh
# dump-syms' STACK CFI before and after a change of core.unwind (BENCHMARKS.md, "one DW_CFA decoder").
# Usage: bench/breakpad_cfi_pairs.sh BASE_CORE_CLASSES [PAIRS] [ELF]
#   BASE_CORE_CLASSES: core/target/classes of the baseline tree (e.g. git archive 5e30bf4 | tar -x -C /tmp/base;
#   cd /tmp/base; mvn -o -q -pl core compile). This tree's modules must be compiled
#   (mvn -o -q -pl symbolicate -am compile). ELF defaults to OpenJDK 17's stripped libjvm.so (1.4 MB .eh_frame,
#   43,705 FDEs, no DWARF: dump-syms there is mostly CFI). WORK holds the npm package minidump 0.26.0 (the anchor).
# 1. BreakpadCfiBench: CFI only, both builds in one JVM, passes alternating, main-thread CPU per pass; once with the
#    CLI's JIT flags (C1 only, serial GC: bin/symbolicate), once with the JVM's defaults (C2).
# 2. PAIRS times, alternating: `symbolicate dump-syms ELF` (whole CLI, bin/symbolicate's JIT flags) with the
#    baseline core, with this tree's, then Breakpad's dump_syms; user+sys per run.
# Ends with ours old vs new byte for byte, and ours vs Breakpad's record by record (testdata/dumpsyms/compare_sym.py).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
base=$1
pairs=${2:-3}
elf=${3:-/usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so}
work=${WORK:-/tmp/crashkit-minidump}
new=$root/core/target/classes
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && mvn -o -B -q -pl symbolicate dependency:build-classpath -Dmdep.outputFile="$tmp/cp.txt" >/dev/null)
deps=$(tr ':' '\n' < "$tmp/cp.txt" | grep -v '/dev/crashkit/' | paste -sd: -)
rest="$root/symbolicate/target/classes:$root/symbolicator/target/classes:$root/debuginfo/target/classes"
rest="$rest:$root/demangle/target/classes:$deps"
mkdir "$tmp/bench"
javac -d "$tmp/bench" -cp "$new:$rest" "$root/bench/src/main/java/dev/crashkit/bench/BreakpadCfiBench.java"
cli="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -XX:NewRatio=1"
uptime
echo "CFI only, CLI flags (C1):"
# shellcheck disable=SC2086 # cli is a list of JVM options
java $cli -cp "$tmp/bench:$new:$rest" dev.crashkit.bench.BreakpadCfiBench "$elf" 20 10 "$base" "$new" "$rest"
uptime
echo "CFI only, JVM defaults (C2):"
java -cp "$tmp/bench:$new:$rest" dev.crashkit.bench.BreakpadCfiBench "$elf" 20 15 "$base" "$new" "$rest"
ln -s "$elf" "$tmp/$(basename "$elf")" # dump_syms names the module after the file
in="$tmp/$(basename "$elf")"
t() { /usr/bin/time -f "wall %e s user %U s sys %S s maxrss %M KB" "$@"; }
i=1
while [ "$i" -le "$pairs" ]; do
    uptime
    for v in old new; do
        if [ "$v" = old ]; then core=$base; else core=$new; fi
        printf 'dump-syms %s: ' "$v"
        # shellcheck disable=SC2086
        t java $cli -cp "$core:$rest" dev.crashkit.symbolicate.cli.Main dump-syms "$in" 2>&1 > "$tmp/$v.sym" | tail -1
    done
    printf 'breakpad:      '
    t "$work/package/bin/linux-x64/dump_syms" "$in" 2>&1 > "$tmp/bp.sym" | tail -1
    i=$((i + 1))
done
cmp "$tmp/old.sym" "$tmp/new.sym" && echo "old and new dump-syms outputs are identical ($(wc -l < "$tmp/new.sym") lines)"
python3 "$root/testdata/dumpsyms/compare_sym.py" "$tmp/bp.sym" "$tmp/new.sym"
