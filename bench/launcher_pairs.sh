#!/usr/bin/env bash
# Start-up of `java -jar symbolicate.jar` (the launcher jar and its relaunch), old and new alternated with
# bench/dsym/quietpairs.py: --version and a warm one-report run, each jar with a cache folder of its own
# (class-data archive and exec library written by three runs first). OLD is a folder with the
# symbolicate.jar and symbolicate-all.jar of the base commit, e.g.
#   mkdir -p /tmp/base && git archive 8d86e42 | tar -x -C /tmp/base && (cd /tmp/base && mvn -o -B -q -pl symbolicate -am package -DskipTests)
#   OLD=/tmp/base/symbolicate/target ROUNDS=21 bench/launcher_pairs.sh
# needs `mvn -o -B -q -pl symbolicate -am package -DskipTests` here first. Both jars are copied aside.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${OLD:?OLD=folder with the base commit\'s symbolicate.jar and symbolicate-all.jar}
rounds=${ROUNDS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/old" "$work/new"
cp "$old/symbolicate.jar" "$old/symbolicate-all.jar" "$work/old/"
cp symbolicate/target/symbolicate.jar symbolicate/target/symbolicate-all.jar "$work/new/"
ls -l "$work"/old/symbolicate.jar "$work"/new/symbolicate.jar
report="testdata/reports/sample-crash.json --dsym testdata/macho --format json"
for v in old new; do
    for i in 1 2 3; do
        env CRASHKIT_CACHE="$work/cache-$v" java -jar "$work/$v/symbolicate.jar" --version >/dev/null
        env CRASHKIT_CACHE="$work/cache-$v" java -jar "$work/$v/symbolicate.jar" $report >/dev/null || [ $? = 1 ]
    done
done
sleep 5 # background symbol-cache writes of the warm-up runs
echo "== --version; $(date -u +%H:%M:%S) UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/dsym/quietpairs.py "$rounds" \
    "old=env CRASHKIT_CACHE=$work/cache-old java -jar $work/old/symbolicate.jar --version >/dev/null" \
    "new=env CRASHKIT_CACHE=$work/cache-new java -jar $work/new/symbolicate.jar --version >/dev/null"
echo "== one report, warm; $(date -u +%H:%M:%S) UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/dsym/quietpairs.py "$rounds" \
    "old=env CRASHKIT_CACHE=$work/cache-old java -jar $work/old/symbolicate.jar $report >$work/old.json" \
    "new=env CRASHKIT_CACHE=$work/cache-new java -jar $work/new/symbolicate.jar $report >$work/new.json"
cmp "$work/old.json" "$work/new.json" && echo "outputs identical"
echo "== end; $(date -u +%H:%M:%S) UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
