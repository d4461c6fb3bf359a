#!/usr/bin/env python3
"""Issue 32's DWARF 5 line-table count findings for ObjectFilesFuzzTest#dwarf.

testdata/elf/debug/app-gcc.debug (DWARF 5) with the directory or file entry count of its first line
program overwritten in place by a 10-byte ULEB128 of 2^63 or more: a signed check let it through and
`(int) count` was Integer.MIN_VALUE (NegativeArraySizeException) or Integer.MAX_VALUE (OutOfMemoryError).
Run from the repository root.
"""
import struct

SRC = "testdata/elf/debug/app-gcc.debug"
OUT = "symbolicator/src/test/resources/dev/crashkit/symbolicate/fuzz/ObjectFilesFuzzTestInputs/dwarf/findings/"


def debug_line_offset(elf):
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3a)
    names = struct.unpack_from("<Q", elf, shoff + shstrndx * shentsize + 0x18)[0]
    for i in range(shnum):
        sh = shoff + i * shentsize
        name = elf[names + struct.unpack_from("<I", elf, sh)[0]:].split(b"\0", 1)[0]
        if name == b".debug_line":
            return struct.unpack_from("<Q", elf, sh + 0x18)[0]
    raise SystemExit("no .debug_line")


def uleb_end(b, pos):
    while b[pos] & 0x80:
        pos += 1
    return pos + 1


def count_position(elf, line, files):
    assert struct.unpack_from("<H", elf, line + 4)[0] == 5, "not DWARF 5"
    pos = line + 18 + elf[line + 17] - 1  # after the fixed fields and the standard opcode lengths
    if files:  # skip the directory table: formats, count, entries of DW_FORM_line_strp (4 bytes)
        formats = elf[pos]
        pos += 1
        for _ in range(2 * formats):
            pos = uleb_end(elf, pos)
        pos += 1 + elf[pos] * formats * 4
    formats = elf[pos]
    pos += 1
    for _ in range(2 * formats):
        pos = uleb_end(elf, pos)
    return pos


def uleb10(value):
    return bytes(((value >> (7 * i)) & 0x7F) | (0x80 if i < 9 else 0) for i in range(10))


for name, files, count in [
    ("dwarf5-line-directory-count-2pow63-plus-2pow31-NegativeArraySizeException", False, (1 << 63) + (1 << 31)),
    ("dwarf5-line-file-count-2pow63-plus-2pow31-minus-1-OutOfMemoryError", True, (1 << 63) + (1 << 31) - 1),
]:
    elf = bytearray(open(SRC, "rb").read())
    pos = count_position(elf, debug_line_offset(elf), files)
    elf[pos:pos + 10] = uleb10(count)
    open(OUT + name, "wb").write(elf)
