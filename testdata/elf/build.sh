#!/usr/bin/env bash
# Regenerates the ELF test data from ../dwarf/src: executables + shared libraries with separate
# debug files (gcc 12 / DWARF 5, clang-19 / DWARF 4), gcc DWARF 2 and 3 executables, compressed
# copies of one debug file (SHF_COMPRESSED zlib and zstd, old .zdebug), freestanding 32-bit and
# big-endian images (clang-19 + ld.lld-19), a .build-id/xx/rest.debug tree, and llvm-symbolizer-19
# goldens (see ../dwarf/golden.py). Source paths are remapped to /crashkit/src.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
golden="$here/../dwarf/golden.py"
# A fixed build directory keeps the outputs byte-for-byte reproducible.
work=/tmp/crashkit-testdata-elf
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$here"/../dwarf/src/* "$work"/
cd "$work"
map="-fdebug-prefix-map=$work=/crashkit/src"
out="$here"
rm -rf "$out"/bin "$out"/debug "$out"/golden
mkdir -p "$out"/bin "$out"/debug "$out"/golden

# split NAME: keep NAME.debug (only debug info), strip NAME and link it to the debug file
split() {
    objcopy --only-keep-debug "$1" "$1.debug"
    objcopy --strip-all --add-gnu-debuglink="$1.debug" "$1"
    cp "$1" "$out/bin/$1"
    cp "$1.debug" "$out/debug/$1.debug"
}

# hosted: CC CXX DWARFFLAG SUFFIX -> libshapes-SUFFIX.so + app-SUFFIX
hosted() {
    local cc=$1 cxx=$2 g=$3 sfx=$4
    $cxx $g -O2 $map -fPIC -fno-exceptions -fno-rtti -c shapes.cpp -o shapes-$sfx.o
    $cc $g -O2 $map -fPIC -c geom.c -o geom-$sfx.o
    $cc $g -O2 $map -fPIE -c calc.c -o calc-$sfx.o
    $cc $g -O2 $map -fPIE -c main.c -o main-$sfx.o
    $cc -shared -Wl,--build-id=sha1 -Wl,-soname,libshapes-$sfx.so shapes-$sfx.o geom-$sfx.o -o libshapes-$sfx.so
    $cc -pie -Wl,--build-id=sha1 main-$sfx.o calc-$sfx.o -L. -lshapes-$sfx -o app-$sfx
}

hosted gcc g++ -gdwarf-5 gcc
hosted clang-19 clang++-19 -gdwarf-4 clang
for f in app-gcc libshapes-gcc.so app-clang libshapes-clang.so; do
    python3 "$golden" make "$f" "$out/golden/$f"
    split "$f"
done

# gcc DWARF 2 and 3 (strict, so no later forms sneak in), kept unstripped
for v in 2 3; do
    gcc -gdwarf-$v -gstrict-dwarf -O2 $map -fno-pie -no-pie -Wl,--build-id=sha1 main.c calc.c geom.c \
        -x c++ shapes.cpp -o app-gcc-dwarf$v
    python3 "$golden" make app-gcc-dwarf$v "$out/golden/app-gcc-dwarf$v"
    cp app-gcc-dwarf$v "$out/bin/"
done

# the same DWARF, compressed three ways (goldens: app-gcc)
objcopy --compress-debug-sections=zlib app-gcc.debug "$out/debug/app-gcc.zlib.debug"
objcopy --compress-debug-sections=zlib-gnu app-gcc.debug "$out/debug/app-gcc.zdebug.debug"
objcopy --compress-debug-sections=zstd app-gcc.debug "$out/debug/app-gcc.zstd.debug"

# freestanding images for the other ELF classes and byte orders
free() {
    local target=$1 name=$2
    local f="--target=$target -O2 -gdwarf-5 -ffreestanding -fno-stack-protector -fno-builtin $map"
    clang-19 $f -c main.c -o m.o && clang-19 $f -c calc.c -o c.o && clang-19 $f -c geom.c -o g.o
    clang-19 $f -nostdinc++ -fno-exceptions -fno-rtti -c shapes.cpp -o s.o
    ld.lld-19 -e main --build-id=sha1 m.o c.o g.o s.o -o "$name"
    python3 "$golden" make "$name" "$out/golden/$name"
    cp "$name" "$out/bin/"
}
free i386-linux-gnu app-i386
free powerpc-linux-gnu app-ppc32be
free powerpc64-linux-gnu app-ppc64be

# debug-file-directory layout: .build-id/xx/rest.debug
for f in app-gcc libshapes-gcc.so; do
    id=$(llvm-readelf-19 -n "$f.debug" | awk '/Build ID:/ {print $3}')
    mkdir -p "$out/debug/.build-id/${id:0:2}"
    cp "$f.debug" "$out/debug/.build-id/${id:0:2}/${id:2}.debug"
done
# what the build-ids and debug links are, according to binutils (for the ELF wrapper test)
for f in "$out"/bin/* "$out"/debug/*.debug; do
    b=$(basename "$f")
    id=$(readelf -n "$f" 2>/dev/null | awk '/Build ID:/ {print $3}')
    link=$(readelf -p .gnu_debuglink "$f" 2>/dev/null | awk '/\]/ {print $3; exit}')
    echo -e "$b\t${id:--}\t${link:--}"
done | sort > "$out/golden/identity.tsv"
# symbols (binutils nm: value, size, type, name) and PT_LOAD segments (readelf) for the wrapper test
for f in debug/app-gcc.debug debug/libshapes-clang.so.debug bin/app-i386 bin/app-ppc32be bin/app-ppc64be; do
    b=$(basename "$f")
    nm -S --defined-only "$out/$f" > "$out/golden/$b.nm"
    readelf -lW "$out/$f" | awk '$1 == "LOAD" {print $2 "\t" $3 "\t" $5 "\t" $6}' > "$out/golden/$b.load"
done
nm -D -S --defined-only "$out/bin/libshapes-gcc.so" > "$out/golden/libshapes-gcc.so.dynsym.nm"
