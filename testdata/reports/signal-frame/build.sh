#!/usr/bin/env bash
# Regenerates the real capture of a signal frame that symbolicate's SignalFrameTest reads, and its goldens:
#   sigcrash            gcc 12 -O1 -g PIE: main -> checksum -> load_twice dies of SIGSEGV (NULL load, the
#                       first instruction of load_twice); its SA_SIGINFO handler runs a helper with the pid
#                       appended and waits in waitpid, as HotSpot's -XX:OnError does
#   report.json         what `capture --pid` (capture/target/capture.jar) recorded from that helper
#   maps.txt            /proc/PID/maps at the same moment
#   gdb-frames.tsv      gdb 13 attached right after (gdb-frames.py: pc, frame type, function, file, line);
#   gdb-bt.txt          the same thread's `bt` as gdb prints it
#   llvm-symbolizer.tsv for every frame gdb lists: pc, the address gdb looks it up at (pc - 1 for a return
#                       address, pc for frame 0, a sigtramp frame and the frame the signal interrupted,
#                       following gdb's frame types), object, module offset, then llvm-symbolizer-19's JSON
#                       (the program, or the full Debian libc6-dbg debug file for libc)
#   ../../third-party/debian-glibc/libc.so.6.debug  the libc6-dbg debug file of the libc that ran, with its
#                       DWARF stripped (objcopy --strip-debug: ELF symbol table only; keeps it small)
# Needs gcc, gdb, llvm-symbolizer-19, libc6-dbg matching the installed libc6, python3, a JDK, and
# `mvn -DskipTests package` done first. Each run gets its own ASLR slide; paths are neutralised to /opt/sigcrash.
# usage: testdata/reports/signal-frame/build.sh   (from anywhere)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
JAR="$ROOT/capture/target/capture.jar"
THIRD="$ROOT/testdata/third-party/debian-glibc"
[ -f "$JAR" ] || { echo "build capture/target/capture.jar first (mvn -DskipTests package)" >&2; exit 1; }
for tool in gcc gdb llvm-symbolizer-19 objcopy readelf python3 java; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cd "$HERE"
gcc -g -O1 -fPIE -pie -Wl,--build-id=sha1 -fdebug-prefix-map="$HERE"=/opt/sigcrash -o sigcrash sigcrash.c

cat > "$WORK/helper.sh" <<HELPER
#!/bin/sh
pid=\$1
cat /proc/\$pid/maps > "$WORK/maps.txt"
java -jar "$JAR" --pid \$pid --out "$WORK/report.json"
gdb -batch -nx -p \$pid -ex 'set backtrace past-main on' -ex 'set backtrace past-entry on' \
    -x "$HERE/gdb-frames.py" -ex bt > "$WORK/gdb-out.txt" 2> "$WORK/gdb-err.txt"
HELPER
chmod +x "$WORK/helper.sh"
status=0
(cd "$WORK" && CRASH_HELPER="$WORK/helper.sh" "$HERE/sigcrash") || status=$?
[ "$status" = 3 ] || { echo "sigcrash exited $status, expected 3 (its handler's _exit)" >&2; exit 1; }
for f in report.json maps.txt gdb-frames.tsv gdb-out.txt; do
  [ -s "$WORK/$f" ] || { echo "helper wrote no $f" >&2; cat "$WORK/gdb-err.txt" >&2 || true; exit 1; }
done
# gdb's bt lines only (the rest is its attach chatter)
grep '^#' "$WORK/gdb-out.txt" > "$WORK/gdb-bt.txt"

# The libc that ran, and Debian's debug file for it.
LIBC=$(awk '$6 ~ /\/libc\.so\.6$/ {print $6; exit}' "$WORK/maps.txt")
BUILD_ID=$(readelf -n "$LIBC" | awk '/Build ID/ {print $3}')
LIBC_DEBUG=/usr/lib/debug/.build-id/${BUILD_ID:0:2}/${BUILD_ID:2}.debug
[ -f "$LIBC_DEBUG" ] || { echo "no $LIBC_DEBUG: apt-get install libc6-dbg (the version of libc6)" >&2; exit 1; }

python3 - "$WORK" "$HERE/sigcrash" "$LIBC" "$LIBC_DEBUG" > "$WORK/llvm-symbolizer.tsv" <<'PY'
import subprocess, sys
work, program, libc, libc_debug = sys.argv[1:]
maps = []
for line in open(work + "/maps.txt"):
    f = line.split()
    if len(f) >= 6:
        lo, hi = (int(x, 16) for x in f[0].split("-"))
        maps.append((lo, hi, f[5]))
def base(path):
    return min(lo for lo, hi, p in maps if p == path)
rows = [l.rstrip("\n").split("\t") for l in open(work + "/gdb-frames.tsv")][1:]
print("pc\tlookup\tobject\toffset\tllvm-symbolizer")
for i, (level, pc, kind, *_rest) in enumerate(rows):
    pc = int(pc, 16)
    inner = rows[i - 1][2] if i > 0 else None
    # gdb's get_frame_address_in_block: pc - 1 only for a normal frame whose callee is a normal frame.
    exact = i == 0 or kind == "sigtramp" or inner == "sigtramp"
    lookup = pc if exact else pc - 1
    hit = [p for lo, hi, p in maps if lo <= lookup < hi]
    if not hit or hit[0] not in (program, libc):
        continue
    obj = program if hit[0] == program else libc_debug
    offset = lookup - base(hit[0])
    out = subprocess.run(["llvm-symbolizer-19", "--output-style=JSON", "--inlining", "--obj=" + obj, hex(offset)],
                         check=True, capture_output=True, text=True).stdout.strip()
    name = "sigcrash" if obj == program else "libc.so.6.debug"
    print("0x%x\t0x%x\t%s\t0x%x\t%s" % (pc, lookup, name, offset, out))
PY

cp "$WORK/report.json" "$WORK/maps.txt" "$WORK/gdb-frames.tsv" "$WORK/gdb-bt.txt" "$WORK/llvm-symbolizer.tsv" "$HERE/"
# Reports and maps name the program by the folder it ran from; gdb by its DWARF (mapped above).
sed -i "s#$HERE/#/opt/sigcrash/#g" "$HERE/report.json" "$HERE/maps.txt" "$HERE/llvm-symbolizer.tsv"

mkdir -p "$THIRD"
objcopy --strip-debug "$LIBC_DEBUG" "$THIRD/libc.so.6.debug"
cp /usr/share/common-licenses/LGPL-2.1 "$THIRD/LICENSE"
cp /usr/share/doc/libc6/copyright "$THIRD/LICENSE.debian-copyright"
PKG=$(dpkg-query -W -f='${Package} ${Version} ${Architecture}' libc6-dbg)
SHA=$(sha256sum "$LIBC_DEBUG" | cut -d' ' -f1)
cat > "$THIRD/SOURCES.md" <<MD
# debian-glibc: third-party test data

From Debian's GNU C Library packages; licence LGPL-2.1-or-later (\`LICENSE\`: Debian's
\`/usr/share/common-licenses/LGPL-2.1\`) with the other terms listed in \`LICENSE.debian-copyright\`
(Debian's \`/usr/share/doc/libc6/copyright\`, copied unchanged).

| file | from | path in package | what was done |
|---|---|---|---|
| \`libc.so.6.debug\` | \`$PKG\` (Debian 12) | \`$LIBC_DEBUG\` (sha256 \`$SHA\`) | \`objcopy --strip-debug\`: the DWARF removed, ELF symbol table and build-id note (\`$BUILD_ID\`) kept |

It is the debug file of the \`libc.so.6\` that \`../../reports/signal-frame/report.json\` was captured from
(same build-id; so was \`../../reports/native-crash/report-gcc.json\`); \`__restore_rt\`, glibc's x86-64 signal trampoline, is in its symbol table.
Made by \`testdata/reports/signal-frame/build.sh\`.
MD
ls -l "$HERE" "$THIRD"
