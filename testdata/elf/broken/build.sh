#!/bin/sh
# Regenerates bad-line-program.elf and its goldens (python3, llvm-symbolizer-19, binutils addr2line).
set -eu
cd "$(dirname "$0")"
python3 gen-bad-line-program.py 1 10 bad-line-program.elf
# The function comes from .debug_info although the line program is unreadable; file and line are unknown.
llvm-symbolizer-19 --obj=bad-line-program.elf 0x1005 > bad-line-program.llvm-symbolizer.txt 2>/dev/null
addr2line -f -e bad-line-program.elf 0x1005 > bad-line-program.addr2line.txt 2>/dev/null
