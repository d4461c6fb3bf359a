#!/usr/bin/env bash
# Regenerates the hs_err test data: real HotSpot fatal error logs of a JNI library (src/hserr.c) and
# llvm-symbolizer-19 goldens for every C and V frame of them.
#
#   lib/libhserr.so                      gcc -g -O2 -fno-omit-frame-pointer (DWARF, symbols, build-id)
#   split/libhserr.so                    the same, stripped (objcopy --strip-debug --strip-unneeded)
#   split/.build-id/xx/yyyy.debug        its debug file (objcopy --only-keep-debug), named by build-id as
#                                        Debian's /usr/lib/debug/.build-id is
#   hs_err-native.log                    SIGSEGV in an inlined store of libhserr.so below a JIT-compiled
#                                        Java method (C, J, j, v frames)
#   hs_err-jvm.log                       SIGSEGV in libjvm.so: GetObjectClass of a bogus local reference
#                                        (V frames above the C frame)
#   golden/<log>.frames                  one line per C/V frame line of the log: frame number, library,
#                                        lookup offset (the frame's offset; minus 1 below frame 0, a return
#                                        address); then golden/<log>.json, llvm-symbolizer-19 --output-style=JSON
#                                        --inlining at that offset, one line per frame, in the same order;
#                                        golden/<log>.names, the outermost function of each, demangled by
#                                        binutils c++filt (GNU style, as HotSpot prints names)
#   golden/libjvm.build-id               the build-id of the libjvm.so the jvm log names
#
# libjvm.so (24 MB) and its debug file from Debian's openjdk-17-dbg (about 200 MB) are not committed: the
# V frames' goldens are made here from /usr/lib/debug/.build-id and committed as data.
# Needs gcc, binutils, a JDK 17 (javac, java; JNI headers in $JAVA_HOME/include), openjdk-17-dbg, llvm-19.
# usage: testdata/hserr/make.sh   (from anywhere)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
# A fixed build directory keeps paths in the DWARF and the logs the same from run to run.
work=/tmp/crashkit-testdata-hserr
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$here"/src/hserr.c "$here"/src/HsErrCrash.java "$work"/
cd "$work"
rm -rf "$here"/lib "$here"/split "$here"/golden "$here"/hs_err-*.log
mkdir -p "$here"/lib "$here"/split "$here"/golden

gcc -g -O2 -fno-omit-frame-pointer -fno-optimize-sibling-calls -fPIC -shared -Wl,--build-id=sha1 \
    -fdebug-prefix-map="$work"=/crashkit/src -I"$java_home/include" -I"$java_home/include/linux" \
    -o libhserr.so hserr.c
id=$(readelf -n libhserr.so | awk '/Build ID/{print $3}')
[ -n "$id" ] || { echo "libhserr.so has no build-id" >&2; exit 1; }
mkdir -p "split/.build-id/${id:0:2}"
objcopy --only-keep-debug libhserr.so "split/.build-id/${id:0:2}/${id:2}.debug"
objcopy --strip-debug --strip-unneeded libhserr.so split/libhserr.so
javac -d . HsErrCrash.java

for mode in native jvm; do
    # The JVM dies; its exit status is not ours to check, the log is.
    # A clean environment: the log lists some variables (PATH, SHELL, LANG ...).
    env -i PATH=/usr/bin:/bin LANG=C.UTF-8 java -XX:ErrorFile="$work/hs_err-$mode.log" -XX:-CreateCoredumpOnCrash -Xss1m -cp . HsErrCrash "$mode" \
        "$work/libhserr.so" >/dev/null 2>&1 || true
    [ -s "hs_err-$mode.log" ] || { echo "no hs_err log for $mode" >&2; exit 1; }
done
grep -q '^C  \[libhserr.so+' hs_err-native.log || { echo "hs_err-native.log: no libhserr.so frame" >&2; exit 1; }
grep -q '^V  \[libjvm.so+' hs_err-jvm.log || { echo "hs_err-jvm.log: no libjvm.so frame" >&2; exit 1; }

jvm=$(awk '$NF ~ /\/libjvm\.so$/ {print $NF; exit}' hs_err-jvm.log)
jvm_id=$(readelf -n "$jvm" | awk '/Build ID/{print $3}')
jvm_debug="/usr/lib/debug/.build-id/${jvm_id:0:2}/${jvm_id:2}.debug"
[ -f "$jvm_debug" ] || { echo "no $jvm_debug: apt-get install openjdk-17-dbg (same version as $jvm)" >&2; exit 1; }
echo "$jvm_id" > "$here/golden/libjvm.build-id"

# Every C/V line of "Native frames:" / the thread stack: "C  [lib+0xOFF]  ...". Frame 0 is the faulting
# pc; the others are return addresses, looked up one byte before (where the call instruction is).
for mode in native jvm; do
    log="hs_err-$mode.log"
    awk '/^Native frames:/ {on=1; n=0; next} on && /^$/ {exit}
         on && /^[CVjJAv] / { if ($1 == "C" || $1 == "V") {
                 if (match($0, /\[[^]+]+\+0x[0-9a-f]+\]/)) {
                     s = substr($0, RSTART + 1, RLENGTH - 2); p = index(s, "+");
                     print n, substr(s, 1, p - 1), substr(s, p + 1) } }
             n++ }' "$log" > frames.raw
    : > "$here/golden/$log.frames"
    : > "$here/golden/$log.json"
    : > "$here/golden/$log.names"
    while read -r n lib off; do
        lookup=$(printf '0x%x' $(( off - (n > 0 ? 1 : 0) )))
        case "$lib" in
            libhserr.so) obj="$work/libhserr.so" ;;
            libjvm.so) obj="$jvm_debug" ;;
            *) continue ;;  # libc and friends: not ours to check
        esac
        echo "$n $lib $lookup" >> "$here/golden/$log.frames"
        llvm-symbolizer-19 --obj="$obj" --inlining --output-style=JSON --no-demangle "$lookup" \
            | sed "s#\"ModuleName\":\"[^\"]*\"#\"ModuleName\":\"$lib\"#" >> "$here/golden/$log.json"
        tail -n 1 "$here/golden/$log.json" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["Symbol"][-1]["FunctionName"])' \
            | c++filt >> "$here/golden/$log.names"
    done < frames.raw
    [ -s "$here/golden/$log.frames" ] || { echo "$log: no frames for goldens" >&2; exit 1; }
done

cp libhserr.so "$here/lib/"
cp -r split/. "$here/split/"
cp hs_err-native.log hs_err-jvm.log "$here/"
ls -lR "$here/lib" "$here/split" "$here/golden" "$here"/hs_err-*.log
