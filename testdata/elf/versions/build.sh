#!/usr/bin/env bash
# Regenerates the symbol-version test data: src/vers.cpp + src/vers.map built by g++ (gcc 12) into a
# shared library whose symbols carry GNU versions (an old compute@VERS_1.0 and a default
# compute@@VERS_2.0 as glibc has, two version nodes, a versioned C++ function), split into a
# stripped library (.dynsym + .gnu.version) and its debug file (.symtab with name@@VERSION names +
# DWARF), a .build-id tree for it, and goldens from llvm-symbolizer-19 and llvm-nm-19 (see
# golden.py). Source paths are remapped to /crashkit/src.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=/tmp/crashkit-testdata-elf-versions
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$here"/src/* "$work"/
cd "$work"
g++ -g -O1 -fPIC -shared -fno-exceptions -fdebug-prefix-map="$work"=/crashkit/src \
    -Wl,--version-script=vers.map -Wl,--build-id=sha1 -Wl,-soname,libvers.so.1 vers.cpp -o libvers.so.1
cp libvers.so.1 libvers-full.so.1
objcopy --only-keep-debug libvers.so.1 libvers.so.1.debug
objcopy --strip-all --add-gnu-debuglink=libvers.so.1.debug libvers.so.1

rm -rf "$here"/bin "$here"/debug "$here"/golden
mkdir -p "$here"/bin "$here"/debug "$here"/golden
cp libvers.so.1 "$here"/bin/
cp libvers.so.1.debug "$here"/debug/
# debug-file-directory layout, as Fedora's debuginfo packages install it: .build-id/xx/rest.debug
# and the sibling symlink .build-id/xx/rest pointing at the binary
id=$(llvm-readelf-19 -n libvers.so.1.debug | awk '/Build ID:/ {print $3}')
mkdir -p "$here/debug/.build-id/${id:0:2}"
cp libvers.so.1.debug "$here/debug/.build-id/${id:0:2}/${id:2}.debug"
ln -s "../../../bin/libvers.so.1" "$here/debug/.build-id/${id:0:2}/${id:2}"

python3 "$here"/golden.py libvers-full.so.1 "$here"/bin/libvers.so.1 "$here"/debug/libvers.so.1.debug \
    > "$here"/golden/names.tsv
llvm-nm-19 -D -S --defined-only "$here"/bin/libvers.so.1 > "$here"/golden/libvers.so.1.dynsym.nm
llvm-nm-19 -S --defined-only "$here"/debug/libvers.so.1.debug > "$here"/golden/libvers.so.1.debug.nm
