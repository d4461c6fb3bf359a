#!/usr/bin/env bash
# sentry-cli's chunked upload of one 100 MB debug file next to POST /api/debug-files of the same file, each
# into a fresh server (BENCHMARKS.md). The file: testdata/elf/debug/app-gcc.debug with a 100,000,000-byte
# random section added by objcopy (incompressible: gzip of the chunks gains nothing). Needs: the server
# built (mvn -o -B -q -pl server -am compile), sentry-cli from .ci/setup.d/sentry-cli.sh, objcopy, curl.
# Run from the repository root: bench/sentry-cli/upload.sh
set -euo pipefail
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
S="${CRASHKIT_TOOLS:-/var/cache/crashkit-tools}/sentry-cli-3.8.0/sentry-cli"
export SENTRY_DISABLE_UPDATE_CHECK=true
mvn -o -B -q -pl server dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >/dev/null
CP="$root/server/target/classes:$(cat "$work/cp.txt")"
head -c 100000000 /dev/urandom > "$work/blob"
mkdir "$work/up"
objcopy --add-section .crashkit_pad="$work/blob" --set-section-flags .crashkit_pad=noload,readonly \
  testdata/elf/debug/app-gcc.debug "$work/up/big.debug"
cd "$work"
for i in 1 2 3; do
  rm -rf d1 d2
  java -cp "$CP" dev.crashkit.server.ServerMain --port 18200 --data d1 --token t > s1.log 2>&1 & p1=$!
  java -cp "$CP" dev.crashkit.server.ServerMain --port 18201 --data d2 --token t > s2.log 2>&1 & p2=$!
  until curl -sf http://127.0.0.1:18200/healthz >/dev/null && curl -sf http://127.0.0.1:18201/healthz >/dev/null; do
    sleep 0.5
  done
  uptime
  /usr/bin/time -o time.txt -f "run $i sentry-cli debug-files upload: %e s" "$S" --url http://127.0.0.1:18200 \
    --auth-token t debug-files upload --org x --project p up >/dev/null 2>&1 || { echo "sentry-cli failed" >&2; exit 1; }
  cat time.txt
  /usr/bin/time -o time.txt -f "run $i sentry-cli again (already stored): %e s" "$S" --url http://127.0.0.1:18200 \
    --auth-token t debug-files upload --org x --project p up >/dev/null 2>&1
  cat time.txt
  /usr/bin/time -f "run $i curl POST /api/debug-files: %e s" curl -sf -o /dev/null -H "Authorization: Bearer t" \
    --data-binary @up/big.debug "http://127.0.0.1:18201/api/debug-files?name=big.debug"
  kill $p1 $p2
  wait $p1 $p2 2>/dev/null || true
done
