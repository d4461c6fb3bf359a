meta:
  id: macho_export_trie
  title: dyld export trie node (LC_DYLD_EXPORTS_TRIE, LC_DYLD_INFO export_off)
  license: MIT
  imports:
    - uleb128
doc: |
  A prefix tree of exported symbol names. Parse one node at its offset from the start of the trie;
  the walk over edges (with loop and bounds checks) is format.macho.names.ExportTrie.
doc-ref: mach-o/loader.h (EXPORT_SYMBOL_FLAGS_*), dyld mach_o/ExportsTrie.cpp
seq: []
types:
  node:
    seq:
      - id: terminal_size
        type: uleb128
      - id: terminal
        size: terminal_size.value
        type: export_info
        if: terminal_size.value != 0
      - id: child_count
        type: u1
      - id: children
        type: edge
        repeat: expr
        repeat-expr: child_count
  export_info:
    seq:
      - id: flags
        type: uleb128
      - id: reexport_ordinal
        type: uleb128
        if: is_reexport
      - id: reexport_name
        type: strz
        encoding: UTF-8
        if: is_reexport
      - id: address
        type: uleb128
        if: not is_reexport
        doc: Offset from the Mach-O header (for kind absolute, the value itself).
      - id: resolver
        type: uleb128
        if: not is_reexport and (flags.value & 0x10) != 0
    instances:
      kind:
        value: flags.value & 3
        doc: 0 regular, 1 thread-local, 2 absolute
      is_reexport:
        value: (flags.value & 0x08) != 0
  edge:
    seq:
      - id: label
        type: strz
        encoding: UTF-8
      - id: child_offset
        type: uleb128
        doc: From the start of the trie.
