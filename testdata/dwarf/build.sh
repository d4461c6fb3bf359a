#!/usr/bin/env bash
# Regenerates the DWARF test data: Mach-O executables + dSYMs (DWARF 4, DWARF 5, fat arm64+x86_64)
# built with clang-19 / ld64.lld / dsymutil-19 from src/, and llvm-symbolizer-19 goldens for them.
# Source paths are remapped to /crashkit/src so the DWARF and goldens do not depend on the checkout.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# A fixed build directory: its path ends up in the Mach-O debug map (N_OSO), so it must not vary.
work=/tmp/crashkit-testdata-dwarf
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$here"/src/* "$work"/
mkdir -p "$work/bin" && ln -s "$(command -v llvm-lipo-19)" "$work/bin/lipo"
export PATH="$work/bin:$PATH" ZERO_AR_DATE=1
cd "$work"

# build TARGET DWARFVERSION NAME: objects + executable NAME for one architecture
build() {
    local target=$1 dv=$2 name=$3
    local flags="-target $target -O2 -ffreestanding -fno-stack-protector -fno-builtin -gdwarf-$dv -fdebug-prefix-map=$work=/crashkit/src"
    mkdir -p "$name.o.d"
    for f in calc geom main; do clang-19 $flags -c $f.c -o "$name.o.d/$f.o"; done
    clang-19 $flags -nostdinc++ -fno-exceptions -fno-rtti -c shapes.cpp -o "$name.o.d/shapes.o"
    touch -d @0 "$name.o.d"/*.o
    clang-19 -target "$target" -fuse-ld=lld -nostdlib -Wl,-undefined,dynamic_lookup "$name.o.d"/*.o -o "$name"
}

out="$here/macho"
rm -rf "$out" && mkdir -p "$out"

build arm64-apple-macos11 4 Inline4
dsymutil-19 Inline4 -o Inline4.dSYM
build arm64-apple-macos11 5 Inline5
dsymutil-19 Inline5 -o Inline5.dSYM
build arm64-apple-macos11 5 FatA
build x86_64-apple-macos10.15 5 FatX
llvm-lipo-19 -create FatA FatX -output InlineFat
dsymutil-19 InlineFat -o InlineFat.dSYM

for n in Inline4 Inline5 InlineFat; do
    cp "$n" "$out/$n"
    cp -r "$n.dSYM" "$out/$n.dSYM"
done
python3 "$here/golden.py" make "$out/Inline4.dSYM/Contents/Resources/DWARF/Inline4" "$out/Inline4"
python3 "$here/golden.py" make "$out/Inline5.dSYM/Contents/Resources/DWARF/Inline5" "$out/Inline5"
python3 "$here/golden.py" make "$out/InlineFat.dSYM/Contents/Resources/DWARF/InlineFat" "$out/InlineFat-arm64" arm64
python3 "$here/golden.py" make "$out/InlineFat.dSYM/Contents/Resources/DWARF/InlineFat" "$out/InlineFat-x86_64" x86_64

# Goldens for the real CrashProbe dSYMs (Apple dsymutil, DWARF 2, ObjC/Swift/C++) committed under
# testdata/third-party/sentry-crashprobe (see its SOURCES.md); the address lists and llvm-symbolizer answers live here.
corpus="$here/../third-party/sentry-crashprobe/dSYMs"
mkdir -p "$here/crashprobe"
python3 "$here/golden.py" make "$corpus/54039061-A983-3323-A49D-837A894D667F.dSYM/Contents/Resources/DWARF/CrashProbeiOS" \
    "$here/crashprobe/CrashProbeiOS" - 1
python3 "$here/golden.py" make "$corpus/3CD3E3CC-281E-3AF3-84EB-CDE6D56F0559.dSYM/Contents/Resources/DWARF/CrashLibiOS" \
    "$here/crashprobe/CrashLibiOS" - 23
