#!/usr/bin/env bash
# A batch's 100,000 symbol-cache lookups (batch1/addrs.txt, bench/dsym/inputs.sh) in report order against
# sorted in chunks of CHUNK addresses (default: 100, 1,000, 3,200 = a chunk of 32 reports, 10,000, all), one JVM
# per chunk size as bin/symbolicate runs it (C1 only, serial GC), ROUNDS (default 10) alternated, CPU of the
# looking-up thread. Needs a warm cache folder (batch1.sh leaves batch1/cache-warm) and
# `mvn -B -q -DskipTests package -pl symbolicate -am`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
b="$root/bench-out/dsym/batch1"
symc=$(ls "${CACHE:-$b/cache-warm}"/symcache/*.symc | head -1)
cls=$(mktemp -d)
cp="$root/debuginfo/target/classes:$root/core/target/classes"
javac -d "$cls" -cp "$cp" "$root/bench/dsym/lookuporder/dev/crashkit/symbolicate/symcache/LookupOrder.java"
echo "uptime: $(uptime)"
for c in ${CHUNKS:-100 1000 3200 10000 100000}; do
    echo "chunk $c: $(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cls:$cp" dev.crashkit.symbolicate.symcache.LookupOrder \
        "$symc" "$b/addrs.txt" "$c" "${ROUNDS:-10}" | python3 -c '
import sys, statistics
g, s = [], []
for l in sys.stdin:
    if "ms CPU" in l:
        (s if l.startswith("sorted") else g).append(float(l.split()[-3]))
print(f"as given {statistics.median(g[1:]):.0f} ms, sorted {statistics.median(s[1:]):.0f} ms (medians without the first round)")')"
done
rm -rf "$cls"
