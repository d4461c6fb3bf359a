#!/usr/bin/env bash
# Regenerates the two real captures of the same native crash that the grouping test
# (symbolicate: group/CrashSignatureTest) reads:
#   libcrashy-gcc.so   gcc -O2 -g           (build 1)
#   libcrashy-clang.so clang -O1 -g         (build 2: other code, other build-id)
#   report-gcc.json / report-clang.json: a JVM calls crashy_level2 -> crashy_level1 -> crashy_fault through
#   JNA and dies of SIGSEGV; -XX:OnError runs `capture --pid` (capture/target/capture.jar), which records it.
# Each run gets its own ASLR slide. Needs gcc, clang, a JDK, and `mvn -DskipTests package` done first.
# usage: testdata/reports/native-crash/build.sh   (from anywhere)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
JAR="$ROOT/capture/target/capture.jar"
[ -f "$JAR" ] || { echo "build capture/target/capture.jar first (mvn -DskipTests package)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
gcc -O2 -g -fPIC -shared -Wl,--build-id -o "$HERE/libcrashy-gcc.so" "$HERE/libcrashy.c"
clang -O1 -g -fPIC -shared -Wl,--build-id -o "$HERE/libcrashy-clang.so" "$HERE/libcrashy.c"
javac -cp "$JAR" -d "$WORK" "$HERE/CrashyMain.java"
for b in gcc clang; do
  rm -f "$HERE/report-$b.json"
  # The JVM aborts after the helper ran; its exit status is not ours to check.
  (java -XX:OnError="java -jar $JAR --pid %p --out $HERE/report-$b.json" -XX:ErrorFile="$WORK/hs_err_$b.log" \
       -cp "$WORK:$JAR" CrashyMain "$HERE/libcrashy-$b.so" >/dev/null 2>&1) 2>/dev/null || true
  [ -s "$HERE/report-$b.json" ] || { echo "no report for $b" >&2; exit 1; }
done
# The reports name the libraries by the absolute path they were built at; replace it with a neutral one.
sed -i "s#$HERE/#/opt/crashy/#g" "$HERE/report-gcc.json" "$HERE/report-clang.json"
ls -l "$HERE"
