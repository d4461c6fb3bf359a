#!/usr/bin/env bash
# Regenerates the zstd test data: src/inline.c (inlined functions) built with clang-19 -g -O2, and
# copies whose .debug_* sections llvm-objcopy-19 compressed as SHF_COMPRESSED zstd and zlib; checks with
# binutils readelf that the zstd copy really has ELFCOMPRESS_ZSTD sections; llvm-symbolizer-19 goldens
# (../../dwarf/golden.py) made from the zstd copy. Source paths are remapped to /crashkit/src.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
golden="$here/../../dwarf/golden.py"
# A fixed build directory keeps the outputs byte-for-byte reproducible.
work=/tmp/crashkit-testdata-elf-zstd
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$here"/src/inline.c "$work"/
cd "$work"
rm -rf "$here"/bin "$here"/golden
mkdir -p "$here"/bin "$here"/golden

clang-19 -g -gdwarf-5 -O2 -fdebug-prefix-map="$work"=/crashkit/src -Wl,--build-id=sha1 inline.c -o inline
llvm-objcopy-19 --compress-debug-sections=zstd inline inline.zstd
llvm-objcopy-19 --compress-debug-sections=zlib inline inline.zlib

# every .debug_* section of the copies is SHF_COMPRESSED (flag C), with the expected ch_type
for kind in zstd zlib; do
    want=$(echo $kind | tr a-z A-Z)
    debug=$(llvm-readelf-19 -SW inline.$kind | grep -c ' \.debug_')
    flagged=$(llvm-readelf-19 -SW inline.$kind | grep ' \.debug_' | awk '{print $(NF-3)}' | grep -c C)
    typed=$(readelf -tW inline.$kind | grep -cE "^ +$want, ")
    if [ "$debug" -lt 5 ] || [ "$flagged" -ne "$debug" ] || [ "$typed" -ne "$debug" ]; then
        echo "inline.$kind: $debug .debug_* sections, $flagged flagged C, $typed of type $want" >&2
        exit 1
    fi
done
llvm-readelf-19 -SW inline.zstd > "$here/golden/inline.zstd.sections"
readelf -tW inline.zstd | grep -B3 -E '^ +ZSTD, ' | grep -v '^--' > "$here/golden/inline.zstd.chdr"

cp inline inline.zstd inline.zlib "$here/bin/"
python3 "$golden" make inline.zstd "$here/golden/inline.zstd"
# the same answers from the uncompressed file (the test compares ours too; this checks llvm's)
python3 "$golden" make inline "$work/plain"
cmp "$work/plain.addrs" "$here/golden/inline.zstd.addrs"
cmp <(gunzip -c "$work/plain.json.gz") <(gunzip -c "$here/golden/inline.zstd.json.gz" | sed 's/"ModuleName":"inline.zstd"/"ModuleName":"inline"/')
