#!/usr/bin/env bash
# Server ingest CPU, old and new server code alternated (issue 32 goal 4), both measured by this branch's bench
# classes (the same clients). OLD_JAR is a crashkit-server.jar built from the base commit, e.g.
#   mkdir -p /tmp/base && git archive 5ee1df5 | tar -x -C /tmp/base && (cd /tmp/base && mvn -o -B -q -pl server -am package -DskipTests)
#   OLD_JAR=/tmp/base/server/target/crashkit-server.jar bench/ingest_paired.sh
# needs `mvn -o -B -q -pl server -am package -DskipTests` here first. ROUNDS pairs (default 5); the order within
# a pair alternates (old first in odd rounds); extra arguments go to IngestBench (default the s3-ingest workload).
set -euo pipefail
cd "$(dirname "$0")/.."
old_jar=${OLD_JAR:?OLD_JAR=path/to/the/base/crashkit-server.jar}
rounds=${ROUNDS:-5}
new_jar=server/target/crashkit-server.jar
bench_classes=$(mktemp -d)
trap 'rm -rf "$bench_classes"' EXIT
# This branch's bench classes laid over the old jar: the old server, the new clients.
root=$(pwd)
(cd "$bench_classes" && unzip -q -o "$root/$new_jar" 'dev/crashkit/server/bench/*')
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--reports 4000 --clients 8 --single 20 --warmup 2000)
run() {
    local label=$1 cp=$2
    echo "== $label; $(date -u +%H:%M:%S) UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
    /usr/bin/time -f "process tree: wall %e s, user %U s, sys %S s" \
        java -cp "$cp" dev.crashkit.server.bench.IngestBench "${args[@]}" 2>&1 | grep -v '^server CPU (user + system) in all'
}
for r in $(seq "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
    for v in $order; do
        if [ "$v" = old ]; then run "round $r old" "$bench_classes:$old_jar"; else run "round $r new" "$new_jar"; fi
    done
done
