#!/usr/bin/env bash
# Checks the README's "Use as a library" section against the build: its ```xml block (the <dependency>)
# and its ```java block (one class with main(REPORT, DEBUG_FILES)) become a Maven project of their own in
# a temporary folder, compiled against the installed artifacts, and run on real reports; its stdout must
# equal, byte for byte, that of the command the README says it matches:
#   java -jar symbolicate/target/symbolicate.jar REPORT --dsym PATH --format json
# (exit code 1, some images without debug files, is expected of the command: only stdout is compared).
#
# Assumes `mvn -B -q -DskipTests install` already ran from the repository root: the library artifacts are
# in the local Maven repository and symbolicate/target/symbolicate.jar is built. The temporary project is
# built offline when everything it needs is in the local repository, else online. Another local
# repository: MAVEN_OPTS=-Dmaven.repo.local=DIR. Exits non-zero with one line saying why on any failure.
#   build-tools/readme-library-check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
readme="$root/README.md"
cli_jar="$root/symbolicate/target/symbolicate.jar"
# Reports of different formats with their debug files (paths from the repository root, for both runs).
inputs=(
  "testdata/reports/sample-crash.json|testdata/macho"
  "testdata/reports/apple/ios-arm64.ips|testdata/macho"
  "testdata/third-party/sentry-crashprobe/release-arm64/Call abort().json|testdata/third-party/sentry-crashprobe/dSYMs"
)

fail() {
  echo "readme-library-check: $*" >&2
  exit 1
}

# The body of the first ```LANG block of the section, and how many such blocks it has.
block() {
  awk -v open='```'"$1" '/^## /{s=($0 == "## Use as a library")} s&&$0==open{c=1;next} c&&/^```/{exit} c' "$readme"
}
blocks() {
  awk -v open='```'"$1" '/^## /{s=($0 == "## Use as a library")} s&&$0==open{n++} END{print n+0}' "$readme"
}

grep -qx '## Use as a library' "$readme" || fail "README.md has no '## Use as a library' section"
for lang in xml java; do
  n="$(blocks "$lang")"
  [ "$n" -eq 1 ] || fail "expected 1 \`\`\`$lang block in the README's 'Use as a library' section, found $n"
done
dependency="$(block xml)"
source="$(block java)"
grep -q '<dependency>' <<<"$dependency" || fail "the 'Use as a library' xml block has no <dependency>"
class="$(sed -n -E 's/^public (final )?class ([A-Za-z_][A-Za-z0-9_]*).*/\2/p' <<<"$source" | head -n 1)"
[ -n "$class" ] || fail "the 'Use as a library' java block declares no public class"
package="$(sed -n -E 's/^package ([A-Za-z0-9_.]+);.*/\1/p' <<<"$source" | head -n 1)"
main="${package:+$package.}$class"
[ -f "$cli_jar" ] || fail "$cli_jar is missing: run mvn -B -q -DskipTests install first"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
project="$work/project"
mkdir -p "$project/src/main/java/${package//.//}"
printf '%s\n' "$source" > "$project/src/main/java/${package//.//}${package:+/}$class.java"
# Plugin versions the build itself uses, so that an offline build finds them.
cat > "$project/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.crashkit.check</groupId>
  <artifactId>readme-library-check</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
$dependency
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>3.8.1</version>
      </plugin>
    </plugins>
  </build>
</project>
EOF

build=(compile dependency:build-classpath -Dmdep.outputFile="$work/classpath.txt" -f "$project/pom.xml")
if mvn -B -q -o "${build[@]}" > "$work/build-offline.log" 2>&1; then
  echo "readme-library-check: $class built offline"
elif mvn -B -q "${build[@]}" > "$work/build.log" 2>&1; then
  echo "readme-library-check: $class built (online: the local repository lacked something)"
else
  cat "$work/build.log" >&2
  fail "the README's library example does not build against the installed artifacts (Maven output above)"
fi
classpath="$project/target/classes:$(cat "$work/classpath.txt")"

cd "$root"
export CRASHKIT_CACHE="$work/cache" # the command's index cache: not the user's
for input in "${inputs[@]}"; do
  report="${input%%|*}"
  dsym="${input#*|}"
  rc=0
  env -u DEBUGINFOD_URLS java -jar "$cli_jar" "$report" --dsym "$dsym" --format json > "$work/cli.json" 2> "$work/cli.err" || rc=$?
  if [ "$rc" -gt 1 ]; then
    fail "$report: the command exited $rc: $(head -n 1 "$work/cli.err")"
  fi
  rc=0
  env -u DEBUGINFOD_URLS java -cp "$classpath" "$main" "$report" "$dsym" > "$work/readme.json" 2> "$work/readme.err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "$report: the README's $class exited $rc: $(grep -m 1 . "$work/readme.err" || true)"
  fi
  [ -s "$work/cli.json" ] || fail "$report: the command printed nothing"
  if ! difference="$(cmp "$work/cli.json" "$work/readme.json" 2>&1)"; then
    fail "$report: the README's $class prints other JSON than the command ($(sed "s|$work/||g" <<<"$difference"); $(wc -c < "$work/readme.json") vs $(wc -c < "$work/cli.json") bytes)"
  fi
  echo "readme-library-check: $report: $class prints the command's $(wc -c < "$work/cli.json") bytes"
done
