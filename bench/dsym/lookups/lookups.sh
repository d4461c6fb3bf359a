#!/bin/sh
# Usage: bench/dsym/lookups/lookups.sh JAR [PASSES]: LookupBench (symbol-cache lookups alone) against JAR (the shaded
# symbolicate-all.jar), on the warm batch bench's caches (bench-out/dsym/batch/cache-warm, made by bench/dsym/batch.sh),
# in the batch child's JVM (C1 only, serial GC). Compiled into a temporary folder; same package as the symbol cache.
set -e
root=$(cd "$(dirname "$0")/../../.." && pwd)
jar=$(realpath "$1")
b=$root/bench-out/dsym/batch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
javac -nowarn -cp "$jar" -d "$tmp" "$root/bench/dsym/lookups/LookupBench.java"
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -cp "$jar:$tmp" dev.crashkit.symbolicate.symcache.LookupBench \
    "$b/cache-warm/symcache" "$b" "${2:-3}"
