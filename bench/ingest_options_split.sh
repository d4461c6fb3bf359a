#!/usr/bin/env bash
# Ingest on SQLite plain, with alerts only and with retention only, order-balanced (plain → alerts → retention,
# then retention → alerts → plain: later runs of a sequence are slower whatever they run). The limits are ones the
# burst does not reach, so the figures show what having the options on costs. Needs
# `mvn -B -q -DskipTests package -pl server -am`. BENCHMARKS.md "Quiet machine after this session's merges".
set -euo pipefail
cd "$(dirname "$0")/.."
jar=server/target/crashkit-server.jar
ingest() { java -cp "$jar" dev.crashkit.server.bench.IngestBench --reports 4000 --clients 8 --single 0 --warmup 2000 "$@"; }
ret=(--server-arg --retention-days --server-arg 30 --server-arg --max-reports-per-group --server-arg 100000
     --server-arg --max-stored-reports-mb --server-arg 100000 --server-arg --debug-file-retention-days --server-arg 90
     --server-arg --cleanup-interval-minutes --server-arg 1)
for order in "plain alerts retention" "retention alerts plain"; do
    for k in $order; do
        echo "== $k; $(uptime)"
        case $k in
            plain) ingest ;;
            alerts) ingest --webhook ;;
            retention) ingest "${ret[@]}" ;;
        esac
    done
done
