#!/usr/bin/env bash
# Builds the stripped Objective-C test binaries of testdata/macho/objc/ and their golden files (see
# README.md there). Tests need none of these tools: the outputs are committed.
#
# Variants (all arm64 macOS 11, no SDK):
#   Shapes-dyldinfo   clang 14 + ld64.lld 14: LC_DYLD_INFO_ONLY (rebase/bind opcodes), big method lists
#   Shapes-chained    clang 19 + ld64.lld 19 -fixup_chains: LC_DYLD_CHAINED_FIXUPS (format 2), big lists
#   Shapes-relative   as chained, plus -objc_relative_method_lists (small method lists, selrefs)
#   Shapes-arm64e     Shapes-relative rewritten by to_arm64e_auth.py: arm64e pointer format 1 with
#                     authenticated rebases and binds (no free linker writes these)
# Each is stripped with llvm-strip (only __mh_execute_header stays). The goldens come from LLVM 19
# tools run on the UNSTRIPPED build (names) and on the stripped file (function starts, export trie).
#
# Reproducible: no debug info (no paths recorded), fixed build dir, lld derives LC_UUID from the
# output bytes: a re-run gives byte-identical files.   Run: testdata/macho/objc/build.sh
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD=/tmp/crashkit-testdata-macho-objc-build
L14=/usr/lib/llvm-14/bin
L19=/usr/lib/llvm-19/bin

die() { echo "build.sh: $*" >&2; exit 1; }
for t in "$L14/clang" "$L14/ld64.lld" "$L19/clang" "$L19/ld64.lld" "$L19/llvm-nm" "$L19/llvm-objdump" \
         "$L19/llvm-strip" "$L19/llvm-dwarfdump" python3; do
    [ -x "$t" ] || command -v "$t" >/dev/null 2>&1 || die "missing tool: $t (apt-get install clang lld llvm clang-19 lld-19 llvm-19)"
done
export LC_ALL=C TZ=UTC PYTHONDONTWRITEBYTECODE=1

rm -rf "$BUILD"
mkdir -p "$BUILD/unstripped" "$BUILD/out/golden"
cp "$HERE"/src/* "$BUILD/"
cd "$BUILD"

CFLAGS=(-target arm64-apple-macos11 -O2 -ffreestanding -fno-stack-protector -fno-builtin -Wall -Werror)
OBJC=(-fobjc-runtime=macosx-11)
LDFLAGS=(-arch arm64 -platform_version macos 11.0 11.0 -undefined dynamic_lookup -e _main)

echo "== compiling"
"$L14/clang" "${CFLAGS[@]}" "${OBJC[@]}" -c shapes.m -o shapes14.o
"$L14/clang" "${CFLAGS[@]}" -c main.c -o main14.o
"$L19/clang" "${CFLAGS[@]}" "${OBJC[@]}" -c shapes.m -o shapes19.o
"$L19/clang" "${CFLAGS[@]}" -c main.c -o main19.o
"$L19/clang" -target arm64-apple-macos11 -c swift_types.s -o swift_types.o

echo "== linking"
U="$BUILD/unstripped"
"$L14/ld64.lld" "${LDFLAGS[@]}" shapes14.o main14.o swift_types.o -o "$U/Shapes-dyldinfo"
"$L19/ld64.lld" "${LDFLAGS[@]}" -fixup_chains shapes19.o main19.o swift_types.o -o "$U/Shapes-chained"
"$L19/ld64.lld" "${LDFLAGS[@]}" -fixup_chains -objc_relative_method_lists shapes19.o main19.o swift_types.o \
    -o "$U/Shapes-relative"
python3 "$HERE/to_arm64e_auth.py" "$U/Shapes-relative" "$U/Shapes-arm64e"

VARIANTS=(Shapes-dyldinfo Shapes-chained Shapes-relative Shapes-arm64e)
echo "== stripping"
for v in "${VARIANTS[@]}"; do
    "$L19/llvm-strip" -o "$BUILD/out/$v" "$U/$v"
done

echo "== goldens"
G="$BUILD/out/golden"
for v in "${VARIANTS[@]}"; do
    "$L19/llvm-nm" -n "$U/$v" > "$G/$v.nm.txt"
    "$L19/llvm-objdump" --macho --function-starts "$BUILD/out/$v" > "$G/$v.function-starts.txt"
    "$L19/llvm-objdump" --macho --exports-trie "$BUILD/out/$v" > "$G/$v.exports-trie.txt"
    "$L19/llvm-objdump" --macho --section-headers "$BUILD/out/$v" > "$G/$v.sections.txt"
    "$L19/llvm-dwarfdump" --uuid "$BUILD/out/$v" | sed "s| $BUILD/out/| |" > "$G/$v.uuid.txt"
done
# Fixup oracles (llvm-objdump 19 cannot decode the arm64e pointer format; its twin Shapes-relative
# has the same slots and targets).
"$L19/llvm-objdump" --macho --rebase --bind "$BUILD/out/Shapes-dyldinfo" > "$G/Shapes-dyldinfo.fixups.txt"
"$L19/llvm-objdump" --macho --dyld-info "$BUILD/out/Shapes-chained" > "$G/Shapes-chained.fixups.txt"
"$L19/llvm-objdump" --macho --dyld-info "$BUILD/out/Shapes-relative" > "$G/Shapes-relative.fixups.txt"
# Class/method metadata as llvm-objdump reads it (complete for the DYLD_INFO variant only).
"$L19/llvm-objdump" --macho --objc-meta-data "$U/Shapes-dyldinfo" > "$G/Shapes-dyldinfo.objc-meta-data.txt"
python3 "$HERE/goldens.py" "$G" "${VARIANTS[@]}"
python3 "$HERE/make_reports.py" "$BUILD/out" "${VARIANTS[@]}"

echo "== installing into $HERE"
rm -rf "$HERE/golden" "$HERE/reports" "$HERE"/Shapes-*
cp -a "$BUILD/out/." "$HERE/"
echo "done: $(du -sh "$HERE" | cut -f1) in testdata/macho/objc"
