#!/usr/bin/env python3
"""Writes ImagesFuzzTestInputs/imageAt/findings/512-note-segments-of-64k: an ELF64 header followed by 512
program headers, one PT_LOAD at offset 0 and 511 PT_NOTE of 64 KB each, all pointing into the image.
Before a per-image note budget, every PT_NOTE without a build-id was read in full: 32 MB allocated."""
import struct, sys, pathlib

PHNUM = 512
eh = bytearray(64)
eh[0:4] = b"\x7fELF"
eh[4] = 2  # ELFCLASS64
eh[5] = 1  # little-endian
eh[6] = 1
struct.pack_into("<HHI", eh, 16, 3, 62, 1)  # ET_DYN, x86-64, EV_CURRENT
struct.pack_into("<Q", eh, 32, 64)          # e_phoff
struct.pack_into("<HHHH", eh, 52, 64, 56, PHNUM, 0)
phdrs = bytearray()
phdrs += struct.pack("<IIQQQQQQ", 1, 5, 0, 0, 0, 0x10000, 0x10000, 0x1000)      # PT_LOAD at offset 0
for _ in range(PHNUM - 1):
    phdrs += struct.pack("<IIQQQQQQ", 4, 4, 0, 0, 0, 0x10000, 0x10000, 4)      # PT_NOTE, 64 KB, no build-id
out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                   "capture/src/test/resources/dev/crashkit/capture/linux/ImagesFuzzTestInputs/imageAt/findings/"
                   "512-note-segments-of-64k")
out.parent.mkdir(parents=True, exist_ok=True)
out.write_bytes(bytes(eh) + bytes(phdrs))
