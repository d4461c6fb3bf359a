#!/bin/sh
# What -d costs on a Mach-O dSYM, next to Breakpad's dump_syms_mac -d (BENCHMARKS.md, "dump-syms -d on dSYMs").
# Usage: bench/dump_syms_mac_inlines.sh [DSYM] [ROUNDS]; DSYM defaults to the CrashLibiOS dSYM of
# testdata/third-party/sentry-crashprobe (Xcode, DWARF 2, 58,663 lines, 818 INLINE records). Each round runs, in
# this order, ours without -d, ours with -d, Breakpad's with -d. Needs dump_syms_mac built by
# testdata/dumpsyms/make_mac_goldens.sh in WORK and symbolicate-all.jar (mvn -B -q -DskipTests package), or the
# class path in CP. Prints uptime, then wall/user/sys/maxrss of each run, and checks ours -d is Breakpad's.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dsym=${1:-$root/testdata/third-party/sentry-crashprobe/dSYMs/3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM}
rounds=${2:-5}
work=${WORK:-/tmp/crashkit-minidump-mac}
tool=$work/package/deps/breakpad/src/tools/mac/dump_syms/dump_syms_mac
cp=${CP:-$root/symbolicate/target/symbolicate-all.jar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fmt="wall %e s user %U s sys %S s maxrss %M KB"
i=1
while [ "$i" -le "$rounds" ]; do
    uptime
    /usr/bin/time -o "$tmp/t" -f "$fmt" java -cp "$cp" dev.crashkit.symbolicate.cli.Main dump-syms "$dsym" \
        > "$tmp/ours.sym"
    printf 'ours:        %s\n' "$(cat "$tmp/t")"
    /usr/bin/time -o "$tmp/t" -f "$fmt" java -cp "$cp" dev.crashkit.symbolicate.cli.Main dump-syms -d "$dsym" \
        > "$tmp/ours-d.sym"
    printf 'ours -d:     %s\n' "$(cat "$tmp/t")"
    /usr/bin/time -o "$tmp/t" -f "$fmt" "$tool" -d "$dsym" > "$tmp/bp-d.sym" 2> /dev/null
    printf 'breakpad -d: %s\n' "$(cat "$tmp/t")"
    i=$((i + 1))
done
cmp "$tmp/bp-d.sym" "$tmp/ours-d.sym" && echo "ours -d = Breakpad's -d, $(wc -l < "$tmp/ours-d.sym") lines"
