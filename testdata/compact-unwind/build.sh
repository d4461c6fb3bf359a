#!/bin/sh
# Builds the Mach-O fixtures of the compact unwind reader (dylibs for arm64 and x86-64, with and
# without frame pointers, from cu.c, which gen_source.py writes) and writes each one's golden: the
# `llvm-objdump --unwind-info` listing of its __unwind_info section and the FDE lines of
# `llvm-dwarfdump --eh-frame` (llvm 19). Needs clang-19, ld64.lld-19, llvm-objdump-19 and llvm-dwarfdump-19.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
python3 gen_source.py
mkdir -p golden
for t in arm64 x86_64; do
    for fp in fp nofp; do
        flag=-fomit-frame-pointer
        [ "$fp" = fp ] && flag=-fno-omit-frame-pointer
        clang-19 -target "$t-apple-macos11" -O2 "$flag" -funwind-tables -ffreestanding -nostdlib \
            -fuse-ld=lld -Wl,-undefined,dynamic_lookup -shared -o "cu-$t-$fp.dylib" cu.c
        llvm-objdump-19 --unwind-info "cu-$t-$fp.dylib" > "golden/cu-$t-$fp.unwind-info.txt"
        # The FDEs of __eh_frame (offset, pc range): where a DWARF-mode encoding must point.
        llvm-dwarfdump-19 --eh-frame "cu-$t-$fp.dylib" | grep ' FDE ' > "golden/cu-$t-$fp.eh-frame-fdes.txt" || true
    done
done
