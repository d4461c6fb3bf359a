#!/usr/bin/env python3
"""Rewrites an arm64 Mach-O linked with `ld64.lld -fixup_chains` (pointer format 2,
DYLD_CHAINED_PTR_64) into what Apple's linker writes for arm64e: pointer format 1
(DYLD_CHAINED_PTR_ARM64E) with pointer-authentication fixups, and CPU subtype ARM64E|PTRAUTH_ABI.

usage: to_arm64e_auth.py IN OUT

Why: ld64.lld refuses -fixup_chains for arm64e and clang emits no auth relocations for it, so no free
tool makes this file (testdata/macho/objc/README.md). Only the encoding of each fixup changes; every
fixup keeps its slot and its target, so the code, the layout and the names (llvm-nm of the unstripped
twin) stay those of the input.

Which fixups are signed follows the arm64e ABI for Objective-C metadata (clang ptrauth.h, objc4):
  - rebases in __objc_const / __objc_data / __objc_selrefs pointing at code (method IMPs): auth, key IA,
    address diversity, discriminator 0;
  - other rebases in those sections: auth, key DA, address diversity, discriminator 0xC310 (method list
    pointers' schema; the decoder must ignore the schema anyway);
  - binds in __objc_data (the cache slots): auth binds, key DA, no diversity;
  - everything else (class and category lists, other binds): plain ARM64E rebases/binds.
Layouts: dyld include/mach-o/fixup-chains.h (dyld_chained_ptr_arm64e_*).
"""
import struct
import sys

SIGNED_SECTIONS = {'__objc_const', '__objc_data', '__objc_selrefs'}
LC_SEGMENT_64, LC_DYLD_CHAINED_FIXUPS = 0x19, 0x80000034


def main():
    src, dst = sys.argv[1:3]
    b = bytearray(open(src, 'rb').read())
    magic, cputype, subtype, _ft, ncmds, _size = struct.unpack_from('<IiIIII', b, 0)
    assert magic == 0xfeedfacf and cputype == 0x0100000c, 'not a 64-bit arm64 Mach-O'
    struct.pack_into('<I', b, 8, 0x80000002)
    segs, sects, fixups_off = [], [], None
    off = 32
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from('<II', b, off)
        if cmd == LC_SEGMENT_64:
            name = b[off + 8:off + 24].rstrip(b'\0').decode()
            vmaddr, vmsize, fileoff, filesize, _mp, _ip, nsects, _fl = struct.unpack_from('<QQQQiiII', b, off + 24)
            segs.append((name, vmaddr, vmsize, fileoff))
            for i in range(nsects):
                s = off + 72 + 80 * i
                sname = b[s:s + 16].rstrip(b'\0').decode()
                addr, size = struct.unpack_from('<QQ', b, s + 32)
                sects.append((sname, addr, size))
        elif cmd == LC_DYLD_CHAINED_FIXUPS:
            fixups_off = struct.unpack_from('<I', b, off + 8)[0]
        off += cmdsize
    assert fixups_off is not None, 'no LC_DYLD_CHAINED_FIXUPS (link with -fixup_chains)'
    text = next(s for s in segs if s[0] == '__TEXT')[1]
    code = [(a, a + n) for (n0, a, n) in sects if n0 == '__text']

    def section_of(vm):
        return next((n for (n, a, size) in sects if a <= vm < a + size), None)

    _ver, starts_off = struct.unpack_from('<II', b, fixups_off)
    starts = fixups_off + starts_off
    seg_count = struct.unpack_from('<I', b, starts)[0]
    signed = plain = 0
    for si in range(seg_count):
        info = struct.unpack_from('<I', b, starts + 4 + 4 * si)[0]
        if info == 0:
            continue
        p = starts + info
        _size, page_size, fmt, seg_offset, _max, page_count = struct.unpack_from('<IHHQIH', b, p)
        assert fmt == 2, f'segment {si}: pointer format {fmt}, expected 2 (DYLD_CHAINED_PTR_64)'
        struct.pack_into('<H', b, p + 6, 1)
        seg = segs[si]
        for page in range(page_count):
            start = struct.unpack_from('<H', b, p + 22 + 2 * page)[0]
            if start == 0xFFFF:
                continue
            fo = seg[3] + page * page_size + start
            while True:
                raw = struct.unpack_from('<Q', b, fo)[0]
                nxt = (raw >> 51) & 0xFFF
                assert nxt % 2 == 0, 'a fixup that is not 8-byte aligned'
                vm = seg[1] + fo - seg[3]
                sect = section_of(vm)
                if raw >> 63:  # bind: ordinal 0-23, addend 24-31
                    ordinal, addend = raw & 0xFFFFFF, (raw >> 24) & 0xFF
                    assert ordinal < 1 << 16
                    if sect == '__objc_data' and addend == 0:
                        new = (1 << 63) | (1 << 62) | (nxt // 2) << 51 | 2 << 49 | ordinal
                        signed += 1
                    else:
                        new = (1 << 62) | (nxt // 2) << 51 | addend << 32 | ordinal
                        plain += 1
                else:  # rebase: target 0-35 (vmaddr), high8 36-43
                    target, high8 = raw & 0xFFFFFFFFF, (raw >> 36) & 0xFF
                    assert high8 == 0
                    if sect in SIGNED_SECTIONS:
                        is_code = any(lo <= target < hi for lo, hi in code)
                        key, div = (0, 0) if is_code else (2, 0xC310)
                        new = (1 << 63) | (nxt // 2) << 51 | key << 49 | 1 << 48 | div << 32 | (target - text)
                        signed += 1
                    else:
                        new = (nxt // 2) << 51 | target
                        plain += 1
                struct.pack_into('<Q', b, fo, new)
                if nxt == 0:
                    break
                fo += nxt * 4
    open(dst, 'wb').write(b)
    print(f'{dst}: {signed} signed and {plain} plain fixups in pointer format 1 (ARM64E)')


if __name__ == '__main__':
    main()
