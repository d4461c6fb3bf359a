#!/usr/bin/env bash
# Builds the inputs of the dSYM benchmarks into bench-out/dsym (gitignored; never committed):
#   Big, Big.dSYM   arm64 Mach-O + dSYM of gen_big.py's 20,000 functions (clang-19 -O2 -gdwarf-4,
#                   ld64.lld-19, dsymutil-19): nested always_inline helpers, so real inline trees
#   report.json     crashreport/1, 10 threads x 1,000 frames into Big (fixed seed)
#   addrs.txt       the 10,000 link-time addresses those frames are looked up at (frame 0 exact,
#                   return addresses - 1), what llvm-symbolizer is fed
#   batch/          20 copies of Big.dSYM with distinct UUIDs, 1,000 reports x 100 frames over them,
#                   and addrs-NN.txt per image (for one llvm-symbolizer per image)
#   small/          a typical small report (30 threads x 30 frames over Big00-Big02 of batch/) and
#                   lookups.txt ("DWARF ADDRESS" lines for one llvm-symbolizer process)
#   batch1/         1,000 reports x 100 frames into Big alone (the CI case) and addrs.txt, all
#                   100,000 lookup addresses for one llvm-symbolizer process
# Needs clang-19, lld-19, llvm-19 (apt-get install clang-19 lld-19 llvm-19). Compiling takes minutes.
# LLVM=14 builds the second workload of issue 32 into bench-out/dsym-clang14 instead: the same
# sources by clang-14 -O2 -gdwarf-4, ld64.lld-14 and dsymutil-14 (a smaller DWARF: clang 14 emits
# fewer location lists and line rows than 19; measured: 36,962,369 bytes of DWARF against 19's 38,093,428).
# -mlinker-version=705: without it clang 14 passes ld64.lld no -platform_version, which it requires.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
v=${LLVM:-19}
out="$root/bench-out/dsym"
[ "$v" = 19 ] || out="$root/bench-out/dsym-clang$v"
linkver=""
[ "$v" = 19 ] || linkver="-mlinker-version=705"
mkdir -p "$out"
if [ ! -f "$out/Big.dSYM/Contents/Resources/DWARF/Big" ]; then
    rm -rf "$out/src" && python3 "$root/bench/dwarf/gen_big.py" "$out/src"
    (cd "$out/src" && ls unit*.c main.c | xargs -P 2 -I{} clang-$v -target arm64-apple-macos11 -gdwarf-4 -O2 \
        -ffreestanding -fno-stack-protector -fno-builtin -fdebug-prefix-map="$out/src=/bench" -c {} -o {}.o \
        && clang-$v -target arm64-apple-macos11 -fuse-ld=lld --ld-path="$(command -v ld64.lld-$v)" $linkver -nostdlib -Wl,-undefined,dynamic_lookup ./*.o -o Big \
        && dsymutil-$v Big -o Big.dSYM)
    mv "$out/src/Big" "$out/Big" && rm -rf "$out/Big.dSYM" && mv "$out/src/Big.dSYM" "$out/Big.dSYM"
fi
if [ ! -f "$out/small/lookups.txt" ]; then
    llvm-nm-$v -n "$out/Big" > "$out/nm.txt"
    uuid=$(llvm-dwarfdump-$v --uuid "$out/Big.dSYM" | awk '{print $2}')
    python3 "$root/bench/dsym/make_reports.py" "$out" "$uuid"
    touch "$out/batch/done"
fi
echo "inputs in $out"
