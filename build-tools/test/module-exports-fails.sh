#!/usr/bin/env bash
# Shows that build-tools/ModuleExports.java fails the build on a use of an unexported package: compiles
# a class that uses dev.crashkit.symbolicate.report.applecrash (in crashkit-symbolicator, not exported)
# and dev.crashkit.symbolicate.locate (exported by crashkit-debuginfo to the symbolicator only), and one
# that uses only the facade, runs the check on each against the library jars and expects
# exit 1 with the offending reference named, then exit 0.
# Needs the library jars: mvn -B -q -DskipTests package first.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cp=""
for m in core demangle debuginfo symbolicator; do
  jar=$(ls "$m"/target/crashkit-"$m"-*.jar | grep -v -E -- '-(tests|sources|javadoc).jar$' | head -1)
  cp="$cp${cp:+:}$root/$jar"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bad/src/fixture" "$tmp/good/src/fixture"
cat > "$tmp/bad/src/fixture/UsesUnexported.java" <<'JAVA'
package fixture;

public class UsesUnexported {
    public static Object writer() {
        return dev.crashkit.symbolicate.report.applecrash.AppleCrashWriter.class;
    }

    public static Object index() { // exported by crashkit-debuginfo to the symbolicator only
        return dev.crashkit.symbolicate.locate.IndexCache.class;
    }
}
JAVA
cat > "$tmp/good/src/fixture/UsesExported.java" <<'JAVA'
package fixture;

public class UsesExported {
    public static Object facade() {
        return dev.crashkit.symbolicator.Symbolicator.class;
    }
}
JAVA
for k in bad good; do
  javac -d "$tmp/$k/classes" -cp "$cp" "$tmp/$k/src/fixture/"*.java
done
set +e
java build-tools/ModuleExports.java "$tmp/bad/classes" "$cp" 2> "$tmp/bad.err"
bad=$?
java build-tools/ModuleExports.java "$tmp/good/classes" "$cp" 2> "$tmp/good.err"
good=$?
set -e
cat "$tmp/bad.err"
if [ "$bad" -ne 1 ] || ! grep -q 'dev.crashkit.symbolicator does not export dev.crashkit.symbolicate.report.applecrash' "$tmp/bad.err" \
   || ! grep -q 'fixture.UsesUnexported -> dev.crashkit.symbolicate.report.applecrash.AppleCrashWriter' "$tmp/bad.err" \
   || ! grep -q 'dev.crashkit.debuginfo does not export dev.crashkit.symbolicate.locate' "$tmp/bad.err"; then
  echo "FAIL: the use of an unexported package was not reported (exit $bad)" >&2
  exit 1
fi
if [ "$good" -ne 0 ]; then
  cat "$tmp/good.err" >&2
  echo "FAIL: a use of exported packages only was refused (exit $good)" >&2
  exit 1
fi
echo "OK: unexported use refused (exit 1), exported use accepted (exit 0)"
