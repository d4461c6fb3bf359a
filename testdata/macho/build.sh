#!/usr/bin/env bash
# Builds the committed Mach-O test binaries, dSYMs, broken copies and golden files of testdata/macho/
# and the sample crash reports of testdata/reports/. See testdata/macho/README.md for every output.
#
# Reproducible: fixed build directory (its paths are recorded in the stabs debug map and in DWARF),
# fixed object-file mtimes (recorded in N_OSO stabs and checked by dsymutil), fixed random seeds, and
# the LLVM 14 tools named by absolute path. lld derives the LC_UUID from the output's contents, so a
# re-run gives byte-identical files. Run: testdata/macho/build.sh   (no arguments)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPORTS="$(cd "$HERE/../reports" 2>/dev/null && pwd || { mkdir -p "$HERE/../reports" && cd "$HERE/../reports" && pwd; })"
BUILD=/tmp/crashkit-testdata-macho-build
LLVM=/usr/lib/llvm-14/bin
OBJ_MTIME='2026-01-01 00:00:00 UTC'

die() { echo "build.sh: $*" >&2; exit 1; }
need() { [ -x "$1" ] || command -v "$1" >/dev/null 2>&1 || die "missing tool: $1 (install clang-14 lld-14 llvm-14, python3)"; }

CLANG=$LLVM/clang
for t in "$CLANG" "$LLVM/ld64.lld" "$LLVM/llvm-nm" "$LLVM/llvm-objdump" "$LLVM/llvm-symbolizer" "$LLVM/llvm-lipo" \
         "$LLVM/llvm-strip" "$LLVM/llvm-dwarfdump" "$LLVM/llvm-cxxfilt" "$LLVM/dsymutil" python3 touch cmp; do
    need "$t"
done
export NM=$LLVM/llvm-nm OBJDUMP=$LLVM/llvm-objdump SYMBOLIZER=$LLVM/llvm-symbolizer \
       DWARFDUMP=$LLVM/llvm-dwarfdump CXXFILT=$LLVM/llvm-cxxfilt
# dsymutil looks up `lipo` on PATH for universal files: give it llvm-lipo.
rm -rf "$BUILD"
mkdir -p "$BUILD/bin"
ln -s "$LLVM/llvm-lipo" "$BUILD/bin/lipo"
export PATH="$BUILD/bin:$PATH"
export LC_ALL=C TZ=UTC PYTHONDONTWRITEBYTECODE=1

CFLAGS_COMMON=(-gdwarf-4 -O2 -ffreestanding -fno-stack-protector -fno-builtin -Wall -Werror)

# compile <variant> <target> [extra cflags...]: compiles src/*.{c,cpp,m} into $BUILD/<variant>/,
# with relative source paths (DWARF names them relative to the fixed build dir).
compile() {
    local v=$1 target=$2
    shift 2
    mkdir -p "$BUILD/$v"
    cp "$HERE"/src/* "$BUILD/$v/"
    (
        cd "$BUILD/$v"
        local cf=(-target "$target" "${CFLAGS_COMMON[@]}" "$@")
        "$CLANG" "${cf[@]}" -c app.c -o app.o
        "$CLANG" "${cf[@]}" -nostdinc++ -fno-exceptions -fno-rtti -c util.cpp -o util.o
        "$CLANG" "${cf[@]}" -fobjc-runtime=macosx-11.0 -c widget.m -o widget.o
        "$CLANG" "${cf[@]}" -c lib.c -o lib.o
        "$CLANG" -target "$target" -c tail.s -o tail.o   # no -g: a function without DWARF
        touch -d "$OBJ_MTIME" ./*.o
    )
}

# link_app <variant> <target> <output>: the executable (C, C++, ObjC, asm objects; libSystem via the tbd
# stub, ck_lib_compute and the ObjC runtime looked up dynamically).
link_app() {
    local v=$1 target=$2 out=$3
    (cd "$BUILD/$v" && "$CLANG" -target "$target" -fuse-ld=lld -nostdlib -Wl,-undefined,dynamic_lookup \
        app.o util.o widget.o tail.o libSystem.tbd -o "$out")
}

link_dylib() {
    local v=$1 target=$2 out=$3
    (cd "$BUILD/$v" && "$CLANG" -target "$target" -fuse-ld=lld -nostdlib -dynamiclib \
        -install_name @rpath/libCrashKitUtil.dylib -Wl,-current_version,1.2.3 -Wl,-compatibility_version,1.0 \
        lib.o libSystem.tbd -o "$out")
}

# lld writes CPU subtype ALL for arm64e; real arm64e binaries say CPU_SUBTYPE_ARM64E (2) with the
# pointer-authentication ABI flag (0x80000000). Patch the header's cpusubtype field (offset 8, LE).
patch_arm64e() {
    python3 - "$1" <<'EOF'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
assert struct.unpack_from('<I', b, 0)[0] == 0xfeedfacf and struct.unpack_from('<I', b, 4)[0] == 0x0100000c
struct.pack_into('<I', b, 8, 0x80000002)
open(p, 'wb').write(b)
EOF
}

dsym() { # dsym <binary> <bundle>
    rm -rf "$2"
    dsymutil "$1" -o "$2"
}

OUT="$BUILD/out"
mkdir -p "$OUT/stripped" "$OUT/broken" "$OUT/mismatch" "$OUT/symtab-only"

echo "== compiling"
compile arm64 arm64-apple-macos11
compile x86_64 x86_64-apple-macos10.15
compile arm64e arm64e-apple-macos11 -mbranch-protection=pac-ret+b-key
compile ios-arm64 arm64-apple-ios14
compile fat-arm64 arm64-apple-macos11
compile fat-x86_64 x86_64-apple-macos10.15
compile rebuilt-arm64 arm64-apple-macos11 -DCK_REBUILD=2

echo "== linking"
link_app arm64 arm64-apple-macos11 "$OUT/App-arm64"
link_app x86_64 x86_64-apple-macos10.15 "$OUT/App-x86_64"
link_app arm64e arm64e-apple-macos11 "$OUT/App-arm64e"
patch_arm64e "$OUT/App-arm64e"
link_app ios-arm64 arm64-apple-ios14 "$OUT/App-ios-arm64"
link_dylib arm64 arm64-apple-macos11 "$OUT/libCrashKitUtil.dylib"
# The fat slices are linked from their own object directories, so their stabs (and UUIDs) differ
# from the thin App-arm64 / App-x86_64: a test can tell which file answered.
link_app fat-arm64 arm64-apple-macos11 "$BUILD/fat-arm64/App-fat"
link_app fat-x86_64 x86_64-apple-macos10.15 "$BUILD/fat-x86_64/App-fat"
"$LLVM/llvm-lipo" -create "$BUILD/fat-arm64/App-fat" "$BUILD/fat-x86_64/App-fat" -output "$OUT/App-fat"
link_app rebuilt-arm64 arm64-apple-macos11 "$OUT/mismatch/App-arm64"

echo "== dSYMs"
for b in App-arm64 App-x86_64 App-arm64e App-ios-arm64 libCrashKitUtil.dylib App-fat mismatch/App-arm64; do
    dsym "$OUT/$b" "$OUT/$b.dSYM"
done

echo "== stripped copies"
# What a shipped app keeps: `strip` (all local and global symbols, except the dynamically
# referenced __mh_execute_header and the undefined imports) for executables, `strip -x` (globals
# kept, locals dropped) for a dylib and as a second executable variant.
"$LLVM/llvm-strip" -o "$OUT/stripped/App-arm64" "$OUT/App-arm64"
"$LLVM/llvm-strip" -x -o "$OUT/stripped/App-arm64-x" "$OUT/App-arm64"
"$LLVM/llvm-strip" -o "$OUT/stripped/App-x86_64" "$OUT/App-x86_64"
"$LLVM/llvm-strip" -x -o "$OUT/stripped/libCrashKitUtil.dylib" "$OUT/libCrashKitUtil.dylib"

# symtab-only/: the unstripped executable without its dSYM, so a symbolicator can only use the
# symbol table (reports/edge-cases.json is checked against this directory).
cp "$OUT/App-arm64" "$OUT/symtab-only/App-arm64"

echo "== broken copies"
python3 "$HERE/make_broken.py" "$OUT/App-arm64" "$OUT/App-x86_64" "$OUT/App-fat" "$OUT/broken"

echo "== goldens"
python3 "$HERE/goldens.py" "$OUT"

echo "== sample crash reports"
mkdir -p "$OUT/reports"
python3 "$REPORTS/make_reports.py" "$OUT" "$OUT/reports"
echo "== Apple .ips / .crash reports"
python3 "$REPORTS/make_apple_reports.py" "$OUT" "$OUT/reports/apple"

echo "== installing into $HERE and $REPORTS"
# Replace only what this script makes (src/, scripts and README stay).
rm -rf "$HERE"/App-* "$HERE"/libCrashKitUtil.dylib* "$HERE/stripped" "$HERE/broken" "$HERE/mismatch" "$HERE/symtab-only" "$HERE/golden"
rm -f "$REPORTS"/*.json "$REPORTS"/*.expected.tsv
rm -rf "$REPORTS/apple"
cp -a "$OUT"/App-* "$OUT"/libCrashKitUtil.dylib* "$OUT/stripped" "$OUT/broken" "$OUT/mismatch" "$OUT/symtab-only" "$OUT/golden" "$HERE/"
cp -a "$OUT"/reports/* "$REPORTS/"
echo "done: $(du -sh "$HERE" | cut -f1) in testdata/macho, $(du -sh "$REPORTS" | cut -f1) in testdata/reports"
