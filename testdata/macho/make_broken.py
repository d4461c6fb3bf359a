#!/usr/bin/env python3
"""Writes deliberately broken copies of good binaries for error-handling tests (called by build.sh).

usage: make_broken.py <thin arm64 executable> <thin x86_64 executable> <universal executable> <output dir>

Every output name ends in -fail: a reader must reject it with a one-line error naming the file,
never crash with a stack trace and never hang. What each file breaks is listed in README.md and
in <output dir>/BROKEN.tsv (name, what was changed).
"""
import os
import struct
import sys

MH_MAGIC_64 = 0xFEEDFACF
FAT_MAGIC = 0xCAFEBABE
LC_SYMTAB = 0x2


def load_commands(b):
    """Yields (offset, cmd, cmdsize) of every load command of a thin 64-bit little-endian Mach-O."""
    magic, _cpu, _sub, _ftype, ncmds, _sizeofcmds = struct.unpack_from('<IiiIII', b, 0)
    assert magic == MH_MAGIC_64
    off = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from('<II', b, off)
        yield off, cmd, size
        off += size


def main():
    thin_path, small_path, fat_path, out = sys.argv[1:5]
    thin = open(thin_path, 'rb').read()
    small = open(small_path, 'rb').read()  # App-x86_64: the smallest executable, base of the corrupt copies
    fat = open(fat_path, 'rb').read()
    made = []

    def write(name, data, what):
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
        made.append((name, what))

    write('App-truncated-fail', thin[: len(thin) // 2],
          'first half of App-arm64: header and load commands intact, __LINKEDIT (symtab, '
          'function starts) past the end of the file')
    sizeofcmds = struct.unpack_from('<I', thin, 20)[0]
    write('App-truncated-header-fail', thin[: 32 + sizeofcmds // 2],
          'App-arm64 cut in the middle of its load commands (ncmds/sizeofcmds promise more bytes)')
    write('App-empty-fail', b'', 'empty file')
    write('App-badmagic-fail', b'JUNK' + thin[4:4096],
          'first 4 KiB of App-arm64 with the magic replaced by "JUNK": no known format')

    # load command size garbage: the second load command (__TEXT segment) claims 0xfffffff0 bytes
    lcs = list(load_commands(small))
    b = bytearray(small)
    struct.pack_into('<I', b, lcs[1][0] + 4, 0xFFFFFFF0)
    write('App-corrupt-fail', bytes(b), 'App-x86_64 with cmdsize of load command 1 (LC_SEGMENT_64 __TEXT) = 0xfffffff0')

    # cmdsize 0: a naive reader loops forever on the same load command
    b = bytearray(small)
    struct.pack_into('<I', b, lcs[2][0] + 4, 0)
    write('App-cmdsize-zero-fail', bytes(b), 'App-x86_64 with cmdsize of load command 2 = 0 (must not hang)')

    # LC_SYMTAB pointing outside the file
    b = bytearray(small)
    symtab = [lc for lc in lcs if lc[1] == LC_SYMTAB][0]
    # symtab_command: cmd, cmdsize, symoff, nsyms, stroff, strsize
    struct.pack_into('<II', b, symtab[0] + 8, 0x7FFFFFF0, 0x10000000)
    write('App-symtab-outside-fail', bytes(b),
          'App-x86_64 with LC_SYMTAB symoff = 0x7ffffff0, nsyms = 0x10000000 (far past the end of the file)')

    # universal file whose second slice starts past the end of the file: only the header and the
    # first slice's bytes are kept, the second fat_arch points 4 KiB past the end
    magic, nfat = struct.unpack_from('>II', fat, 0)
    assert magic == FAT_MAGIC and nfat == 2
    # fat_arch: cputype, cpusubtype, offset, size, align (big-endian); entry i starts at 8 + 20 * i
    off0, size0 = struct.unpack_from('>II', fat, 8 + 8)
    b = bytearray(fat[: off0 + size0])
    struct.pack_into('>I', b, 8 + 20 + 8, len(b) + 0x1000)
    write('App-fat-badoffset-fail', bytes(b),
          'App-fat cut after its first slice (x86_64); the second fat_arch (arm64) offset points '
          '4 KiB past the end of the file')

    with open(os.path.join(out, 'BROKEN.tsv'), 'w') as f:
        f.write('# file\twhat is broken\n')
        for name, what in made:
            f.write(f'{name}\t{what}\n')


if __name__ == '__main__':
    main()
