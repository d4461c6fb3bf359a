#!/usr/bin/env python3
"""Writes no-uuid/: copies of testdata/macho binaries with their LC_UUID load command removed (every slice of a
universal file), for dump-syms' Mach-O identifier fallback (Breakpad's dump_syms_mac then names the module by an
MD5 of the sections' file bytes: FileID::MachoIdentifier). Each following load command moves up by the removed
command's size, the freed bytes at the end of the command area become zeros, and ncmds and sizeofcmds shrink;
nothing else in the file moves, so section offsets stay valid. Then make_mac_goldens.sh (cases in mac-cases.txt)
writes the oracle's output for them.
Also App-x86_64-overlapping-fail: the thin copy with every section of a segment pointing at the bytes from __text
to the end of the file (a corrupt section table: hashing it would take sections x file size; dump-syms refuses it).
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MACHO = os.path.join(HERE, "..", "macho")
INPUTS = ["App-x86_64", "App-fat"]
LC_UUID = 0x1b
FAT_MAGIC = 0xcafebabe
MH_MAGIC_64 = 0xfeedfacf
MH_MAGIC = 0xfeedface


def strip_uuid(data, at):
    """Removes LC_UUID from the thin image whose header starts at `at` (little-endian images only)."""
    magic, = struct.unpack_from("<I", data, at)
    if magic not in (MH_MAGIC, MH_MAGIC_64):
        sys.exit(f"not a little-endian Mach-O image at {at:#x}")
    header = 32 if magic == MH_MAGIC_64 else 28
    ncmds, sizeofcmds = struct.unpack_from("<II", data, at + 16)
    start = at + header
    cursor = start
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, cursor)
        if cmd == LC_UUID:
            end = start + sizeofcmds
            data[cursor:end] = data[cursor + size:end] + bytes(size)
            struct.pack_into("<II", data, at + 16, ncmds - 1, sizeofcmds - size)
            return
        cursor += size
    sys.exit(f"no LC_UUID in the image at {at:#x}")


def overlap_sections(data):
    """Points every LC_SEGMENT_64 section at the bytes from the first section's offset to the end of the file."""
    ncmds, = struct.unpack_from("<I", data, 16)
    cursor = 32
    first = None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, cursor)
        if cmd == 0x19:
            nsects, = struct.unpack_from("<I", data, cursor + 64)
            for j in range(nsects):
                sect = cursor + 72 + 80 * j
                offset, = struct.unpack_from("<I", data, sect + 48)
                if offset == 0:
                    continue
                if first is None:
                    first = offset
                struct.pack_into("<QI", data, sect + 40, len(data) - first, first)
        cursor += size


def main():
    for name in INPUTS:
        data = bytearray(open(os.path.join(MACHO, name), "rb").read())
        magic, = struct.unpack_from(">I", data, 0)
        if magic == FAT_MAGIC:
            nfat, = struct.unpack_from(">I", data, 4)
            for i in range(nfat):
                _, _, offset, _, _ = struct.unpack_from(">iiIII", data, 8 + 20 * i)
                strip_uuid(data, offset)
        else:
            strip_uuid(data, 0)
        with open(os.path.join(HERE, "no-uuid", name), "wb") as out:
            out.write(data)
        if name == "App-x86_64":
            overlap_sections(data)
            with open(os.path.join(HERE, "no-uuid", name + "-overlapping-fail"), "wb") as out:
                out.write(data)


if __name__ == "__main__":
    main()
