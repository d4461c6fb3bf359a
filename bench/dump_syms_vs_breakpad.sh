#!/bin/sh
# Our dump-syms against Breakpad's dump_syms on the same big input, alternating (BENCHMARKS.md, "dump-syms").
# Usage: bench/dump_syms_vs_breakpad.sh [FILE] [RUNS]; FILE defaults to libjvm.so's debug file from Debian's
# openjdk-17-dbg. Needs the npm package minidump 0.26.0 unpacked in WORK and symbolicate-all.jar built
# (mvn -B -q -DskipTests package). Prints uptime, then wall/user/sys/maxrss of each run.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-/usr/lib/debug/.build-id/45/183927463c526d5b9c9d456494ad816a7e3fee.debug}
runs=${2:-2}
work=${WORK:-/tmp/crashkit-minidump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$file" "$tmp/libjvm.so" # dump_syms names the module after the file
i=1
while [ "$i" -le "$runs" ]; do
    uptime
    printf 'breakpad: '
    /usr/bin/time -f "wall %e s user %U s sys %S s maxrss %M KB" "$work/package/bin/linux-x64/dump_syms" \
        "$tmp/libjvm.so" 2>&1 > "$tmp/bp.sym" | tail -1
    printf 'ours:     '
    /usr/bin/time -f "wall %e s user %U s sys %S s maxrss %M KB" java -Xmx4g \
        -cp "$root/symbolicate/target/symbolicate-all.jar" dev.crashkit.symbolicate.cli.Main dump-syms "$tmp/libjvm.so" 2>&1 > "$tmp/ours.sym" | tail -1
    i=$((i + 1))
done
python3 "$root/testdata/dumpsyms/compare_sym.py" "$tmp/bp.sym" "$tmp/ours.sym"
