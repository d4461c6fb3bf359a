#!/usr/bin/env bash
# The server's "must show" figures of issue 31 on a quiet machine, alternated in one run (needs
# `mvn -B -q -DskipTests package -pl server -am` and, for the PostgreSQL rows, .ci/setup.d/server.sh):
#  1. IngestBench on SQLite without and with alerts (a webhook) and retention on (every option), ROUNDS times;
#  2. IngestBench --instances 1 and 2 on one PostgreSQL database, ROUNDS times.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=server/target/crashkit-server.jar
rounds=${ROUNDS:-2}
pg=${CRASHKIT_TEST_POSTGRES:-jdbc:postgresql://127.0.0.1:5432/crashkit_test?user=crashkit&password=crashkit}
ingest() { java -cp "$jar" dev.crashkit.server.bench.IngestBench --reports 4000 --clients 8 --single 20 --warmup 2000 "$@"; }
for r in $(seq "$rounds"); do
    echo "== round $r: sqlite, plain; $(uptime)"
    ingest
    echo "== round $r: sqlite, alerts + retention; $(uptime)"
    ingest --webhook --server-arg --retention-days --server-arg 30 --server-arg --max-reports-per-group \
        --server-arg 1000 --server-arg --max-stored-reports-mb --server-arg 2000 \
        --server-arg --debug-file-retention-days --server-arg 90 --server-arg --cleanup-interval-minutes --server-arg 1
done
for r in $(seq "$rounds"); do
    for n in 1 2; do
        echo "== round $r: postgresql, $n instance(s); $(uptime)"
        java -cp "$jar" dev.crashkit.server.bench.IngestBench --instances "$n" --db "$pg" --reports 2000 --clients 8
    done
done
