meta:
  id: macho_linkedit
  title: Mach-O load commands that point into __LINKEDIT (function starts, export trie, fixups)
  license: MIT
  endian: le
doc: |
  Just enough of a little-endian 64-bit thin Mach-O to find the __LINKEDIT blobs that name code in a
  stripped image: LC_FUNCTION_STARTS, LC_DYLD_EXPORTS_TRIE, LC_DYLD_CHAINED_FIXUPS (linkedit_data_command)
  and LC_DYLD_INFO(_ONLY) (rebase/bind/export offsets). Other commands are skipped by cmdsize. Kept apart
  from mach_o.ksy so that the stripped-image name readers (format.macho.names) depend on nothing but
  the bytes of the slice.
doc-ref: mach-o/loader.h
seq:
  - id: magic
    type: u4
    valid: 0xfeedfacf
  - id: cputype
    type: u4
  - id: cpusubtype
    type: u4
  - id: filetype
    type: u4
  - id: ncmds
    type: u4
  - id: sizeofcmds
    type: u4
  - id: flags
    type: u4
  - id: reserved
    type: u4
  - id: commands
    size: sizeofcmds
    type: command_list
types:
  command_list:
    seq:
      - id: commands
        type: command
        repeat: expr
        repeat-expr: _root.ncmds
  command:
    seq:
      - id: cmd
        type: u4
      - id: cmdsize
        type: u4
        valid:
          min: 8
      - id: body
        size: cmdsize - 8
        type:
          switch-on: cmd.as<s4>
          cases:
            0x26: linkedit_data          # LC_FUNCTION_STARTS
            -0x7fffffcd: linkedit_data   # LC_DYLD_EXPORTS_TRIE 0x80000033
            -0x7fffffcc: linkedit_data   # LC_DYLD_CHAINED_FIXUPS 0x80000034
            0x22: dyld_info              # LC_DYLD_INFO
            -0x7fffffde: dyld_info       # LC_DYLD_INFO_ONLY 0x80000022
  linkedit_data:
    seq:
      - id: dataoff
        type: u4
      - id: datasize
        type: u4
  dyld_info:
    seq:
      - id: rebase_off
        type: u4
      - id: rebase_size
        type: u4
      - id: bind_off
        type: u4
      - id: bind_size
        type: u4
      - id: weak_bind_off
        type: u4
      - id: weak_bind_size
        type: u4
      - id: lazy_bind_off
        type: u4
      - id: lazy_bind_size
        type: u4
      - id: export_off
        type: u4
      - id: export_size
        type: u4
