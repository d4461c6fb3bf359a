meta:
  id: macho_chained_fixups
  title: dyld chained fixups (LC_DYLD_CHAINED_FIXUPS payload) and 64-bit chained pointer formats
  license: MIT
  endian: le
doc: |
  Parse the top-level type from a stream holding exactly the command's __LINKEDIT blob. starts_in_image
  lists, per segment (in LC_SEGMENT order, __PAGEZERO included), where the chains of each page start;
  each chain is a linked list of pointer slots inside the segment's own bytes, decoded with the
  chained_ptr_* types (bit fields, least significant bit first). The walk itself (bounds, strides,
  loops) is format.macho.fixups.ChainedFixups.
doc-ref: dyld include/mach-o/fixup-chains.h
seq:
  - id: fixups_version
    type: u4
  - id: starts_offset
    type: u4
  - id: imports_offset
    type: u4
  - id: symbols_offset
    type: u4
  - id: imports_count
    type: u4
  - id: imports_format
    type: u4
    doc: 1 DYLD_CHAINED_IMPORT, 2 DYLD_CHAINED_IMPORT_ADDEND, 3 DYLD_CHAINED_IMPORT_ADDEND64
  - id: symbols_format
    type: u4
    doc: 0 uncompressed; 1 zlib (not supported)
instances:
  starts_in_image:
    pos: starts_offset
    type: starts_in_image
types:
  starts_in_image:
    seq:
      - id: seg_count
        type: u4
      - id: seg_info_offset
        type: u4
        repeat: expr
        repeat-expr: seg_count
        doc: From the start of starts_in_image; 0 = no fixups in that segment.
  starts_in_segment:
    doc: Parse at starts_offset + seg_info_offset[i].
    seq:
      - id: size
        type: u4
      - id: page_size
        type: u2
      - id: pointer_format
        type: u2
      - id: segment_offset
        type: u8
      - id: max_valid_pointer
        type: u4
      - id: page_count
        type: u2
      - id: page_start
        type: u2
        repeat: expr
        repeat-expr: page_count
        doc: Offset of the first fixup in each page; 0xFFFF = none (0x8000 = multi-start, 32-bit formats only).
  import:
    doc: DYLD_CHAINED_IMPORT (u4) and DYLD_CHAINED_IMPORT_ADDEND (u4 + s4).
    params:
      - id: with_addend
        type: bool
    seq:
      - id: packed
        type: u4
      - id: addend
        type: s4
        if: with_addend
    instances:
      lib_ordinal:
        value: packed & 0xff
      weak_import:
        value: (packed >> 8) & 1
      name_offset:
        value: packed >> 9
  import64:
    doc: DYLD_CHAINED_IMPORT_ADDEND64.
    seq:
      - id: packed
        type: u8
      - id: addend
        type: u8
    instances:
      lib_ordinal:
        value: packed & 0xffff
      weak_import:
        value: (packed >> 16) & 1
      name_offset:
        value: ((packed >> 32) & 0xffffffff).as<u8>
  chained_ptr_64:
    doc: |
      DYLD_CHAINED_PTR_64 (2) and DYLD_CHAINED_PTR_64_OFFSET (6); stride 4 bytes. Rebase: target in
      bits 0-35 (vmaddr, or offset from the image base for 64_OFFSET), high8 36-43. Bind: ordinal 0-23,
      addend 24-31.
    meta:
      bit-endian: le
    seq:
      - id: payload
        type: b51
      - id: next
        type: b12
      - id: bind
        type: b1
    instances:
      target:
        value: (payload & 0xfffffffff).as<u8>
      high8:
        value: (payload >> 36) & 0xff
      ordinal:
        value: payload & 0xffffff
      addend:
        value: (payload >> 24) & 0xff
  chained_ptr_arm64e:
    doc: |
      DYLD_CHAINED_PTR_ARM64E (1, stride 8), ARM64E_USERLAND (9) and ARM64E_USERLAND24 (12), ARM64E_KERNEL (7)
      and ARM64E_FIRMWARE (10, stride 4). Rebase: target 0-42, high8 43-50. Authenticated rebase: offset
      from the image base 0-31, diversity 32-47, address diversity 48, key 49-50. Bind: ordinal 0-15
      (0-23 for USERLAND24), addend 32-50 (signed 19 bits; none when authenticated).
    meta:
      bit-endian: le
    seq:
      - id: payload
        type: b51
      - id: next
        type: b11
      - id: bind
        type: b1
      - id: auth
        type: b1
    instances:
      target:
        value: (payload & 0x7ffffffffff).as<u8>
      high8:
        value: (payload >> 43) & 0xff
      auth_target:
        value: (payload & 0xffffffff).as<u8>
      diversity:
        value: (payload >> 32) & 0xffff
      addr_div:
        value: (payload >> 48) & 1
      key:
        value: (payload >> 49) & 3
      ordinal16:
        value: payload & 0xffff
      ordinal24:
        value: payload & 0xffffff
      addend19:
        value: (payload >> 32) & 0x7ffff
        doc: Sign bit is bit 18.
