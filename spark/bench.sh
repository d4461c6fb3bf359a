#!/usr/bin/env bash
# Throughput of the Spark job on local[1] and local[2] against `symbolicate batch` on the same
# generated reports (BENCHMARKS.md "Spark"). Nothing generated is committed.
#
#   spark/bench.sh [COUNT] [RUNS] [CONFIG...]      default: 100000 reports, 1 run, every config
#
# Needs `mvn -B -q -DskipTests package` first; reads the committed CrashProbe reports with their
# dSYMs (testdata/third-party/sentry-crashprobe). Work folder: $BENCH_DIR (default /tmp/crashkit-spark-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-100000}
RUNS=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
CONFIGS=("$@")
if [ ${#CONFIGS[@]} -eq 0 ]; then
  CONFIGS=(spark-local1 spark-local1-jdk spark-local2 spark-local2-group spark-local2-export batch-j1 batch-j2)
fi
WORK=${BENCH_DIR:-/tmp/crashkit-spark-bench}
PROBE=testdata/third-party/sentry-crashprobe
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

# Each run writes into a folder of its own, removed after the run is timed and synced before the next
# starts: removing 20,000 outputs inside the timed command cost the next run up to 18 s of system time.
run_config() {
  local out=$OUT
  case "$1" in
    # What users run: `java -jar` in local mode relaunches itself on C1 and the serial collector (LocalRelaunch);
    # the time counts the waiting parent JVM and the child.
    spark-local1) java -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" ;;
    # The same without the class-data archive (StartupArchive): what main ran before it.
    spark-local1-noarchive) CRASHKIT_SPARK_ARCHIVE=0 java -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" \
                                --dsym "$DATA/dsyms" --out "$out" ;;
    # The same job without the relaunch, on the JDK's defaults (C2, G1): what `java -jar` ran before it relaunched.
    spark-local1-jdk) CRASHKIT_RELAUNCH=0 java -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" \
                          --dsym "$DATA/dsyms" --out "$out" ;;
    # The relaunch's options given by hand (JVM options of one's own: no relaunch), in one JVM.
    spark-local1-c1) java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" \
                         --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2) java -jar "$SPARK_JAR" --master 'local[2]' --input "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2-group) java -jar "$SPARK_JAR" --master 'local[2]' --group-by-image --input "$DATA/reports" \
                            --dsym "$DATA/dsyms" --out "$out" ;;
    spark-local2-export) java -jar "$SPARK_JAR" --master 'local[2]' --input "$DATA/export" --dsym "$DATA/dsyms" --out "$out" ;;
    batch-j1) java -jar "$BATCH_JAR" batch "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" --format json --no-cache --jobs 1 ;;
    batch-j2) java -jar "$BATCH_JAR" batch "$DATA/reports" --dsym "$DATA/dsyms" --out "$out" --format json --no-cache --jobs 2 ;;
    *) echo "unknown config $1" >&2; return 2 ;;
  esac
}

# The relaunched configs use the class-data archive a background training writes after the first job
# (README "Local run"): in a cache folder of the bench's own, written once here, before any run is timed,
# so that no timed run overlaps the training. Set BENCH_ARCHIVE_COLD=1 to time the first job instead
# (then each run's archive state is whatever the previous runs left).
export CRASHKIT_CACHE=$WORK/cache
if [ -z "${BENCH_ARCHIVE_COLD:-}" ] && [[ " ${CONFIGS[*]} " =~ \ spark-local[12](-group|-export)?\  ]]; then
  # This jar's archive, named as StartupArchive names it (mtime, size, cksum of the real path, runtime version).
  jar_real=$(realpath "$SPARK_JAR")
  runtime=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p')
  JSA="$CRASHKIT_CACHE/crashkit-spark-$(stat -c %Y "$jar_real")-$(stat -c %s "$jar_real")-$(printf %s "$jar_real" \
    | cksum | cut -d' ' -f1)-$(printf %s "$runtime" | tr -c 'A-Za-z0-9.+_-' '_').jsa"
  if [ ! -f "$JSA" ]; then
    echo "writing the class-data archive (untimed): one job, then its background training" >&2
    java -jar "$SPARK_JAR" --master 'local[1]' --input "$DATA/reports" --dsym "$DATA/dsyms" --out "$WORK/archive-run-$$" \
      > "$WORK/log-archive.txt" 2>&1 || { echo "archive run failed, see $WORK/log-archive.txt" >&2; exit 1; }
    rm -rf "$WORK/archive-run-$$"
  fi
  while ls "$CRASHKIT_CACHE"/crashkit-spark-*.training >/dev/null 2>&1; do sleep 1; done
  [ -f "$JSA" ] || { echo "no archive $JSA was written" >&2; exit 1; }
fi

# One line per run: config, run, wall s, user CPU s, system CPU s, max RSS KB, load average at start
# and at end (results are appended, so several invocations add up).
RESULTS=$WORK/results-$COUNT.tsv
for run in $(seq "$RUNS"); do
  for c in "${CONFIGS[@]}"; do
    out="$WORK/out-$c-$run-$$"
    rm -rf "$out"
    sync
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -o "$WORK/time.txt" -f '%e\t%U\t%S\t%M' bash -c "$(declare -f run_config); DATA='$DATA' WORK='$WORK' \
      OUT='$out' SPARK_JAR='$SPARK_JAR' BATCH_JAR='$BATCH_JAR' run_config $c" > "$WORK/log-$c-$run.txt" 2>&1 \
      || { echo "$c failed, see $WORK/log-$c-$run.txt" >&2; exit 1; }
    rm -rf "$out"
    sync
    printf '%s\t%s\t%s\t%s\t%s\n' "$c" "$run" "$(tail -1 "$WORK/time.txt")" "$load" "$(cut -d' ' -f1 /proc/loadavg)" \
      | tee -a "$RESULTS"
  done
done
python3 - "$RESULTS" "$COUNT" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    c, run, wall, user, sys_, rss, load0, load1 = line.rstrip('\n').split('\t')
    rows[c].append((float(wall), float(user) + float(sys_), int(rss), load0, load1))
n = int(sys.argv[2])
print("| config | runs | median wall s | reports/s (wall) | median CPU s | reports per CPU s | max RSS MB | load avg start/end |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for c, r in rows.items():
    wall = statistics.median(x[0] for x in r)
    cpu = statistics.median(x[1] for x in r)
    rss = max(x[2] for x in r) / 1024
    loads = ', '.join(f"{x[3]}/{x[4]}" for x in r)
    print(f"| {c} | {len(r)} | {wall:.1f} | {n / wall:.0f} | {cpu:.1f} | {n / cpu:.0f} | {rss:.0f} | {loads} |")
PY
