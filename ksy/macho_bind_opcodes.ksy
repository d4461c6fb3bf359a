meta:
  id: macho_bind_opcodes
  title: dyld bind opcode stream (LC_DYLD_INFO bind_off / weak_bind_off)
  license: MIT
  imports:
    - uleb128
    - sleb128
doc: |
  A byte-code program: each byte is an opcode (high nibble) and an immediate (low nibble), some followed
  by ULEB128/SLEB128 operands or a symbol name. Running it (format.macho.fixups.DyldInfoBinds) gives
  the pointer slots dyld binds to a symbol of another image. The regular bind stream ends at DONE.
doc-ref: mach-o/loader.h (BIND_OPCODE_*)
seq:
  - id: ops
    type: op
    repeat: until
    repeat-until: _.opcode == 0 or _io.eof
types:
  op:
    seq:
      - id: opcode_and_immediate
        type: u1
      - id: uleb
        type: uleb128
        if: >-
          opcode == 0x20 or opcode == 0x70 or opcode == 0x80 or opcode == 0xa0 or opcode == 0xc0
          or (opcode == 0xd0 and immediate == 0)
        doc: SET_DYLIB_ORDINAL_ULEB, SET_SEGMENT_AND_OFFSET_ULEB, ADD_ADDR_ULEB, DO_BIND_ADD_ADDR_ULEB, DO_BIND_ULEB_TIMES_SKIPPING_ULEB (count), THREADED SET_BIND_ORDINAL_TABLE_SIZE_ULEB
      - id: skip
        type: uleb128
        if: opcode == 0xc0
        doc: DO_BIND_ULEB_TIMES_SKIPPING_ULEB (bytes skipped after each bind)
      - id: addend
        type: sleb128
        if: opcode == 0x60
        doc: SET_ADDEND_SLEB
      - id: symbol
        type: strz
        encoding: UTF-8
        if: opcode == 0x40
        doc: SET_SYMBOL_TRAILING_FLAGS_IMM
    instances:
      opcode:
        value: opcode_and_immediate & 0xf0
      immediate:
        value: opcode_and_immediate & 0x0f
