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
#   sigcrash-musl, report-musl.json, nm-musl.txt, llvm-symbolizer-musl.tsv
#                       the same with musl 1.2.3 (musl-gcc -static, fixed address): musl's __restore_rt has no
#                       CFI, so the capture finds the trampoline by its code; captured with --stacks (registers
#                       and a 16 KiB stack window) so that it can be re-unwound offline (see below)
#   ../../third-party/debian-glibc/libc.so.6.debug  the libc6-dbg debug file of the libc that ran, with its
#                       DWARF stripped (objcopy --strip-debug: ELF symbol table only; keeps it small)
# Needs gcc, musl-tools, gdb, llvm-symbolizer-19, libc6-dbg matching the installed libc6, python3, a JDK, and
# `mvn -DskipTests package` done first. Each run gets its own ASLR slide; paths are neutralised to /opt/sigcrash.
# usage: testdata/reports/signal-frame/build.sh   (from anywhere)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
JAR="$ROOT/capture/target/capture.jar"
THIRD="$ROOT/testdata/third-party/debian-glibc"
[ -f "$JAR" ] || { echo "build capture/target/capture.jar first (mvn -DskipTests package)" >&2; exit 1; }
for tool in gcc musl-gcc gdb llvm-symbolizer-19 objcopy readelf python3 java; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

cd "$HERE"
gcc -g -O1 -fPIE -pie -Wl,--build-id=sha1 -fdebug-prefix-map="$HERE"=/opt/sigcrash -o sigcrash sigcrash.c
# --eh-frame-hdr: gcc leaves it out of static links, and without it our own functions have no CFI index.
musl-gcc -static -g -O1 -Wl,--build-id=sha1 -Wl,--eh-frame-hdr -fdebug-prefix-map="$HERE"=/opt/sigcrash \
    -o sigcrash-musl sigcrash.c

# run PROGRAM SUFFIX [CAPTURE OPTION...]: one crash, captured and seen by gdb; outputs into $HERE with SUFFIX.
run() {
  local program=$1 suffix=$2 w="$WORK/$2"
  shift 2
  mkdir -p "$w"
  cat > "$w/helper.sh" <<HELPER
#!/bin/sh
pid=\$1
cat /proc/\$pid/maps > "$w/maps.txt"
java -jar "$JAR" --pid \$pid --out "$w/report.json" $*
gdb -batch -nx -p \$pid -ex 'set backtrace past-main on' -ex 'set backtrace past-entry on' \
    -x "$HERE/gdb-frames.py" -ex bt > "$w/gdb-out.txt" 2> "$w/gdb-err.txt"
HELPER
  chmod +x "$w/helper.sh"
  local status=0
  (cd "$w" && CRASH_HELPER="$w/helper.sh" "$HERE/$program") || status=$?
  [ "$status" = 3 ] || { echo "$program exited $status, expected 3 (its handler's _exit)" >&2; exit 1; }
  for f in report.json maps.txt gdb-frames.tsv gdb-out.txt; do
    [ -s "$w/$f" ] || { echo "helper wrote no $f" >&2; cat "$w/gdb-err.txt" >&2 || true; exit 1; }
  done
  # gdb's bt lines only (the rest is its attach chatter)
  grep '^#' "$w/gdb-out.txt" > "$w/gdb-bt.txt"
  python3 - "$w" "$HERE/$program" "$LIBC" "$LIBC_DEBUG" > "$w/llvm-symbolizer.tsv" <<'PY'
import subprocess, sys
work, program, libc, libc_debug = sys.argv[1:]
maps = []
for line in open(work + "/maps.txt"):
    f = line.split()
    if len(f) >= 6:
        lo, hi = (int(x, 16) for x in f[0].split("-"))
        maps.append((lo, hi, f[5]))
def link_base(path):
    # A fixed-address executable is linked where it runs; a PIE or library at 0.
    header = subprocess.run(["readelf", "-h", path], check=True, capture_output=True, text=True).stdout
    return 0 if "EXEC (Executable file)" in header else min(lo for lo, hi, p in maps if p == path)
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
    offset = lookup - link_base(hit[0])
    out = subprocess.run(["llvm-symbolizer-19", "--output-style=JSON", "--inlining", "--obj=" + obj, hex(offset)],
                         check=True, capture_output=True, text=True).stdout.strip()
    name = program.rsplit("/", 1)[1] if obj == program else "libc.so.6.debug"
    print("0x%x\t0x%x\t%s\t0x%x\t%s" % (pc, lookup, name, offset, out))
PY
  for f in report.json maps.txt gdb-frames.tsv gdb-bt.txt llvm-symbolizer.tsv; do
    cp "$w/$f" "$HERE/${f%.*}$suffix.${f##*.}"
  done
  # Reports and maps name the program by the folder it ran from; gdb by its DWARF (mapped above).
  sed -i "s#$HERE/#/opt/sigcrash/#g" "$HERE/report$suffix.json" "$HERE/maps$suffix.txt" "$HERE/llvm-symbolizer$suffix.tsv"
}

# The glibc that runs, and Debian's debug file for it.
LIBC=$(readlink -f "$(gcc -print-file-name=libc.so.6)")
BUILD_ID=$(readelf -n "$LIBC" | awk '/Build ID/ {print $3}')
LIBC_DEBUG=/usr/lib/debug/.build-id/${BUILD_ID:0:2}/${BUILD_ID:2}.debug
[ -f "$LIBC_DEBUG" ] || { echo "no $LIBC_DEBUG: apt-get install libc6-dbg (the version of libc6)" >&2; exit 1; }

run sigcrash ""

# musl has no CFI for __restore_rt (nor for waitpid: gdb stops there, so it is no oracle here): the
# capture recognises the trampoline by its code. Kept with registers and stack (--stacks) so that
# symbolicate --reunwind can redo it offline from the binary. Oracles: binutils nm (where
# __restore_rt is) and llvm-symbolizer-19 for each captured frame in the program, at its pc for the
# frame on __restore_rt and the one after it (the interrupted instruction), at pc - 1 for the others.
w="$WORK/musl"
mkdir -p "$w"
cat > "$w/helper.sh" <<HELPER
#!/bin/sh
java -jar "$JAR" --pid \$1 --out "$w/report.json" --stacks --window 16384
HELPER
chmod +x "$w/helper.sh"
status=0
(cd "$w" && CRASH_HELPER="$w/helper.sh" "$HERE/sigcrash-musl") || status=$?
[ "$status" = 3 ] || { echo "sigcrash-musl exited $status, expected 3 (its handler's _exit)" >&2; exit 1; }
nm -n sigcrash-musl > "$w/nm.txt"
python3 - "$w/report.json" "$w/nm.txt" "$HERE/sigcrash-musl" > "$w/llvm-symbolizer.tsv" <<'PY'
import json, subprocess, sys
report, nm, program = sys.argv[1:]
restore_rt = next(int(l.split()[0], 16) for l in open(nm) if l.split()[-1] == "__restore_rt")
thread = next(t for t in json.load(open(report))["threads"] if t.get("crashed"))
pcs = [int(f["address"] if isinstance(f, dict) else f, 16) for f in thread["frames"]]
print("pc\tlookup\tobject\toffset\tllvm-symbolizer")
for i, pc in enumerate(pcs):
    exact = i == 0 or pc == restore_rt or pcs[i - 1] == restore_rt
    lookup = pc if exact else pc - 1  # a fixed-address executable: runtime = link-time address
    out = subprocess.run(["llvm-symbolizer-19", "--output-style=JSON", "--inlining", "--obj=" + program, hex(lookup)],
                         check=True, capture_output=True, text=True).stdout.strip()
    print("0x%x\t0x%x\tsigcrash-musl\t0x%x\t%s" % (pc, lookup, lookup, out))
PY
cp /usr/share/doc/musl-dev/copyright "$HERE/LICENSE.musl"  # sigcrash-musl links musl's libc.a (MIT)
cp "$w/report.json" "$HERE/report-musl.json"
cp "$w/nm.txt" "$HERE/nm-musl.txt"
cp "$w/llvm-symbolizer.tsv" "$HERE/llvm-symbolizer-musl.tsv"
sed -i "s#$HERE/#/opt/sigcrash/#g" "$HERE/report-musl.json" "$HERE/llvm-symbolizer-musl.tsv"

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
