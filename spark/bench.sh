#!/usr/bin/env bash
# Throughput of the Spark job on local[1] and local[2] against `symbolicate batch` on the same
# generated reports (BENCHMARKS.md "Spark"). Nothing generated is committed.
#
#   spark/bench.sh [COUNT] [RUNS] [CONFIG...]      default: 100000 reports, 1 run, every config
#
# Needs `mvn -B -q -DskipTests package` first, and the CrashProbe reports with their dSYMs
# (testdata/third-party/sentry-crashprobe, else $CRASHKIT_CORPUS/sentry-crashprobe, default
# ../shared/corpus). Work folder: $BENCH_DIR (default /tmp/crashkit-spark-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-100000}
RUNS=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
CONFIGS=("$@")
if [ ${#CONFIGS[@]} -eq 0 ]; then
  CONFIGS=(spark-local1 spark-local2 spark-local2-nogroup spark-local2-export batch-j1 batch-j2)
fi
WORK=${BENCH_DIR:-/tmp/crashkit-spark-bench}
PROBE=testdata/third-party/sentry-crashprobe
[ -d "$PROBE" ] || PROBE=${CRASHKIT_CORPUS:-../shared/corpus}/sentry-crashprobe
SPARK_JAR=spark/target/crashkit-spark.jar
BATCH_JAR=symbolicate/target/symbolicate.jar
DATA=$WORK/data-$COUNT

if [ ! -f "$DATA/done" ]; then
  rm -rf "$DATA"
  java -cp "$SPARK_JAR" dev.crashkit.spark.BenchReports --count "$COUNT" --variants 6 --export \
    --templates testdata/reports "$PROBE/release-arm64" \
    --dsym testdata/macho/*.dSYM "$PROBE/dSYMs" --out "$DATA"
  touch "$DATA/done"
fi

run_config() {
  local out=$WORK/out
  rm -rf "$out"
  case "$1" in
    spark-local1) java -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2) java -jar "$SPARK_JAR" --master 'local[2]' --input "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2-nogroup) java -jar "$SPARK_JAR" --master 'local[2]' --no-group-by-image --input "$DATA/reports" \
                            --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2-export) java -jar "$SPARK_JAR" --master 'local[2]' --input "$DATA/export" --dsym "$DATA/dsyms" --out "$out" ;;
    batch-j1) java -jar "$BATCH_JAR" batch "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" --format json --no-cache --jobs 1 ;;
    batch-j2) java -jar "$BATCH_JAR" batch "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" --format json --no-cache --jobs 2 ;;
    *) echo "unknown config $1" >&2; return 2 ;;
  esac
}

RESULTS=$WORK/results-$COUNT.tsv
: > "$RESULTS"
for run in $(seq "$RUNS"); do
  for c in "${CONFIGS[@]}"; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s.%N)
    run_config "$c" > "$WORK/log-$c-$run.txt" 2>&1 || { echo "$c failed, see $WORK/log-$c-$run.txt" >&2; exit 1; }
    end=$(date +%s.%N)
    printf '%s\t%s\t%s\t%s\n' "$c" "$run" "$(echo "$end - $start" | bc)" "$load" | tee -a "$RESULTS"
  done
done
python3 - "$RESULTS" "$COUNT" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
loads = collections.defaultdict(list)
for line in open(sys.argv[1]):
    c, run, secs, load = line.split('\t')
    rows[c].append(float(secs)); loads[c].append(load.strip())
n = int(sys.argv[2])
print(f"| config | runs | median wall s | reports/s | load avg at start |")
print(f"| --- | --- | --- | --- | --- |")
for c, t in rows.items():
    m = statistics.median(t)
    print(f"| {c} | {len(t)} | {m:.1f} | {n / m:.0f} | {', '.join(loads[c])} |")
PY
