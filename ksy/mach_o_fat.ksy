meta:
  id: mach_o_fat
  title: Mach-O universal ("fat") header
  endian: be
  license: MIT
doc: |
  The universal wrapper that bundles several thin Mach-O slices. Always big-endian.
  0xcafebabe uses 32-bit offsets (fat_arch); 0xcafebabf uses 64-bit offsets (fat_arch_64).
  The slices themselves are parsed separately (mach_o.ksy) from a window of the file.
doc-ref: mach-o/fat.h
seq:
  - id: magic
    type: u4
    valid:
      any-of: [0xcafebabe, 0xcafebabf]
  - id: nfat_arch
    type: u4
    valid:
      max: 64
  - id: archs32
    type: fat_arch
    repeat: expr
    repeat-expr: nfat_arch
    if: magic == 0xcafebabe
  - id: archs64
    type: fat_arch_64
    repeat: expr
    repeat-expr: nfat_arch
    if: magic == 0xcafebabf
types:
  fat_arch:
    seq:
      - id: cputype
        type: u4
      - id: cpusubtype
        type: u4
      - id: offset
        type: u4
      - id: size
        type: u4
      - id: align
        type: u4
    instances:
      offset64:
        value: offset.as<u8>
      size64:
        value: size.as<u8>
  fat_arch_64:
    seq:
      - id: cputype
        type: u4
      - id: cpusubtype
        type: u4
      - id: offset
        type: u8
      - id: size
        type: u8
      - id: align
        type: u4
      - id: reserved
        type: u4
    instances:
      offset64:
        value: offset
      size64:
        value: size
