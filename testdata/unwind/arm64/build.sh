#!/usr/bin/env bash
# Regenerates the arm64 unwinding test data: a freestanding static arm64 Linux program
# (start.S, framed.c, unframed.c: _start -> outer -> middle -> inner -> leaf) built by clang 14 for
# aarch64-linux-gnu and linked by lld, run under qemu-aarch64 and stopped by gdb-multiarch (through
# qemu's gdb stub) on leaf's first instruction. Two builds:
#   nested-cfi  .eh_frame for everything; outer/inner keep frame records, middle/leaf do not
#               (-fomit-frame-pointer -momit-leaf-frame-pointer): CFI is the way through middle, and
#               leaf's caller is in LR (x30) by CFI's "same value" rule at its entry
#   nested-fp   no unwind tables at all; every non-leaf function keeps a frame record, leaf pushes
#               none: only frame records and LR lead out
# For each build NAME:
#   NAME                 the binary (kept unstripped: symbols make gdb's bt readable; tests read only
#                        its program headers, sections and code)
#   NAME.regs.txt        gdb's `info registers` at the stop (x0..x30, sp, pc, ...)
#   NAME.stack.bin       gdb's dump of the 1 KiB of stack from sp up (at sp = the window's base)
#                        (the 16 AT_RANDOM bytes qemu puts above argv differ from run to run)
#   NAME.bt.txt          gdb's `bt` there: the golden list of frames (frame 0's pc, then return
#                        addresses), found by gdb's own unwinders (DWARF CFI; for nested-fp its aarch64
#                        prologue analyser), not by ours
#   NAME.objdump.txt     llvm-objdump -d, for reading (which instruction precedes each return address)
# and calls.objdump.txt: llvm-objdump's decoding (with +pauth) of calls.s, every branch-with-link
# encoding and branches without link, for the call-site check of the stack scan.
# Needs clang, ld.lld, llvm-objdump (14), qemu-aarch64, gdb-multiarch. Tests need none of them.
# usage: testdata/unwind/arm64/build.sh   (from anywhere)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for tool in clang ld.lld llvm-objdump qemu-aarch64 gdb-multiarch; do
    command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$here"
common=(--target=aarch64-linux-gnu -O2 -ffreestanding -fno-pie -fno-inline -fno-stack-protector
        -fno-optimize-sibling-calls)
link=(--target=aarch64-linux-gnu -nostdlib -static -fuse-ld=lld -Wl,--build-id=sha1 -Wl,--eh-frame-hdr)
framed=(-fno-omit-frame-pointer -momit-leaf-frame-pointer)
unframed=(-fomit-frame-pointer -momit-leaf-frame-pointer)

build() {  # NAME EXTRA-FLAGS-FOR-UNFRAMED... -- EXTRA-FLAGS-FOR-ALL...
    local name=$1; shift
    local uf=() all=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do uf+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    all=("$@")
    clang "${common[@]}" "${all[@]}" -c -o "$work/start.o" start.S
    clang "${common[@]}" "${all[@]}" "${framed[@]}" -c -o "$work/framed.o" framed.c
    clang "${common[@]}" "${all[@]}" "${uf[@]}" -c -o "$work/unframed.o" unframed.c
    clang "${link[@]}" -o "$name" "$work/start.o" "$work/framed.o" "$work/unframed.o"
    llvm-objdump -d --no-show-raw-insn "$name" | sed 1,2d > "$name.objdump.txt"
}

record() {  # NAME PORT
    local name=$1 port=$2
    env -i qemu-aarch64 -g "$port" "./$name" &
    local qemu=$!
    sleep 1
    gdb-multiarch -batch -nx \
        -ex 'set pagination off' -ex 'set confirm off' -ex 'set architecture aarch64' \
        -ex "file $name" -ex "target remote :$port" \
        -ex 'break *leaf' -ex continue \
        -ex "set logging file $work/regs.txt" -ex 'set logging overwrite on' -ex 'set logging redirect on' \
        -ex 'set logging enabled on' -ex 'info registers' -ex 'set logging enabled off' \
        -ex "set logging file $work/bt.txt" \
        -ex 'set logging enabled on' -ex 'bt' -ex 'set logging enabled off' \
        -ex "dump binary memory $name.stack.bin \$sp \$sp+1024" \
        -ex kill > "$work/gdb-out.txt" 2> "$work/gdb-err.txt" || { cat "$work/gdb-err.txt" >&2; exit 1; }
    wait "$qemu" 2>/dev/null || true
    # The general registers only (gdb goes on with system registers qemu models).
    grep -E '^(x[0-9]+|sp|pc|cpsr) ' "$work/regs.txt" > "$name.regs.txt"
    cp "$work/bt.txt" "$name.bt.txt"
    [ -s "$name.stack.bin" ] || { echo "gdb wrote no stack for $name" >&2; exit 1; }
}

build nested-cfi "${unframed[@]}" -- -fasynchronous-unwind-tables
record nested-cfi 12341
build nested-fp "${framed[@]}" -- -fno-asynchronous-unwind-tables -fno-unwind-tables -DCK_NO_CFI
record nested-fp 12342
clang --target=aarch64-linux-gnu -march=armv8.3-a -c -o "$work/calls.o" calls.s
llvm-objdump -d --mattr=+pauth "$work/calls.o" | sed 1,2d > calls.objdump.txt
