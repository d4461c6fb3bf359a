meta:
  id: mach_o
  title: Mach-O object file (one thin slice)
  license: MIT
doc: |
  A thin Mach-O file: mach_header / mach_header_64, then its load commands. Commands we do not
  model are kept as raw bytes so nothing is lost. Symbol and string tables are reachable through
  LC_SYMTAB; LC_FUNCTION_STARTS data is a ULEB128 delta stream in __LINKEDIT.
  All file offsets are relative to the start of this slice (the stream this type is parsed from).
doc-ref: mach-o/loader.h, mach-o/nlist.h
seq:
  - id: magic
    size: 4
    doc: As bytes so that it can pick the byte order (the endian switch is on this field).
  - id: header
    type: mach_header
    doc: Everything after the magic, read in the byte order the magic selects.
instances:
  is_64:
    value: magic[0] == 0xcf or magic[3] == 0xcf
  header_size:
    value: 'is_64 ? 32 : 28'
types:
  mach_header:
    meta:
      endian:
        switch-on: _root.magic
        cases:
          '[0xce, 0xfa, 0xed, 0xfe]': le
          '[0xcf, 0xfa, 0xed, 0xfe]': le
          '[0xfe, 0xed, 0xfa, 0xce]': be
          '[0xfe, 0xed, 0xfa, 0xcf]': be
    seq:
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
        if: _root.is_64
      - id: load_commands
        size: sizeofcmds
        type: load_command_list
    types:
      load_command_list:
        seq:
          - id: commands
            type: load_command
            repeat: expr
            repeat-expr: _parent.ncmds
      load_command:
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
              switch-on: kind
              cases:
                'load_command_type::segment': segment_command(false)
                'load_command_type::segment_64': segment_command(true)
                'load_command_type::symtab': symtab_command
                'load_command_type::dysymtab': dysymtab_command
                'load_command_type::uuid': uuid_command
                'load_command_type::function_starts': linkedit_data_command
                'load_command_type::data_in_code': linkedit_data_command
                'load_command_type::code_signature': linkedit_data_command
                'load_command_type::segment_split_info': linkedit_data_command
                'load_command_type::dylib_code_sign_drs': linkedit_data_command
                'load_command_type::linker_optimization_hint': linkedit_data_command
                'load_command_type::dyld_exports_trie': linkedit_data_command
                'load_command_type::dyld_chained_fixups': linkedit_data_command
                'load_command_type::build_version': build_version_command
                'load_command_type::version_min_macosx': version_min_command
                'load_command_type::version_min_iphoneos': version_min_command
                'load_command_type::version_min_tvos': version_min_command
                'load_command_type::version_min_watchos': version_min_command
                'load_command_type::id_dylib': dylib_command
                'load_command_type::load_dylib': dylib_command
                'load_command_type::load_weak_dylib': dylib_command
                'load_command_type::reexport_dylib': dylib_command
                'load_command_type::lazy_load_dylib': dylib_command
                'load_command_type::load_upward_dylib': dylib_command
                'load_command_type::id_dylinker': lc_str_command
                'load_command_type::load_dylinker': lc_str_command
                'load_command_type::dyld_environment': lc_str_command
                'load_command_type::rpath': lc_str_command
                'load_command_type::main': entry_point_command
                'load_command_type::source_version': source_version_command
                _: raw_command
        instances:
          kind:
            value: cmd
            enum: load_command_type
            doc: Null in Java for commands this spec does not know; `cmd` keeps the raw number.
      raw_command:
        seq:
          - id: data
            size-eos: true
      segment_command:
        params:
          - id: is_64
            type: bool
        seq:
          - id: segname
            type: str
            size: 16
            encoding: ASCII
            terminator: 0
          - id: vmaddr
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: vmsize
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: fileoff
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: filesize
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: maxprot
            type: u4
          - id: initprot
            type: u4
          - id: nsects
            type: u4
          - id: flags
            type: u4
          - id: sections
            type: section(is_64)
            repeat: expr
            repeat-expr: nsects
      section:
        params:
          - id: is_64
            type: bool
        seq:
          - id: sectname
            type: str
            size: 16
            encoding: ASCII
            terminator: 0
          - id: segname
            type: str
            size: 16
            encoding: ASCII
            terminator: 0
          - id: addr
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: size
            type:
              switch-on: is_64
              cases:
                true: u8
                false: u4
          - id: offset
            type: u4
          - id: align
            type: u4
          - id: reloff
            type: u4
          - id: nreloc
            type: u4
          - id: flags
            type: u4
          - id: reserved1
            type: u4
          - id: reserved2
            type: u4
          - id: reserved3
            type: u4
            if: is_64
      symtab_command:
        seq:
          - id: symoff
            type: u4
          - id: nsyms
            type: u4
          - id: stroff
            type: u4
          - id: strsize
            type: u4
        instances:
          symbols:
            io: _root._io
            pos: symoff
            type: nlist
            repeat: expr
            repeat-expr: nsyms
            doc: nlist or nlist_64 entries, in file order.
          string_table:
            io: _root._io
            pos: stroff
            size: strsize
            doc: NUL-separated names; nlist.n_strx indexes into it.
      nlist:
        seq:
          - id: n_strx
            type: u4
          - id: n_type
            type: u1
          - id: n_sect
            type: u1
          - id: n_desc
            type: u2
          - id: n_value
            type:
              switch-on: _root.is_64
              cases:
                true: u8
                false: u4
        instances:
          is_stab:
            value: (n_type & 0xe0) != 0
          type_bits:
            value: n_type & 0x0e
            doc: N_UNDF=0x0, N_ABS=0x2, N_SECT=0xe, N_PBUD=0xc, N_INDR=0xa.
          is_external:
            value: (n_type & 0x01) != 0
      dysymtab_command:
        seq:
          - id: ilocalsym
            type: u4
          - id: nlocalsym
            type: u4
          - id: iextdefsym
            type: u4
          - id: nextdefsym
            type: u4
          - id: iundefsym
            type: u4
          - id: nundefsym
            type: u4
          - id: tocoff
            type: u4
          - id: ntoc
            type: u4
          - id: modtaboff
            type: u4
          - id: nmodtab
            type: u4
          - id: extrefsymoff
            type: u4
          - id: nextrefsyms
            type: u4
          - id: indirectsymoff
            type: u4
          - id: nindirectsyms
            type: u4
          - id: extreloff
            type: u4
          - id: nextrel
            type: u4
          - id: locreloff
            type: u4
          - id: nlocrel
            type: u4
      uuid_command:
        seq:
          - id: uuid
            size: 16
      linkedit_data_command:
        seq:
          - id: dataoff
            type: u4
          - id: datasize
            type: u4
        instances:
          data:
            io: _root._io
            pos: dataoff
            size: datasize
          uleb_stream:
            io: _root._io
            pos: dataoff
            size: datasize
            type: uleb128_stream
            doc: LC_FUNCTION_STARTS only; a zero delta (or the end) terminates the list.
      uleb128_stream:
        seq:
          - id: values
            type: uleb128
            repeat: until
            repeat-until: _.value == 0 or _io.eof
      uleb128:
        seq:
          - id: groups
            type: u1
            repeat: until
            repeat-until: (_ & 0x80) == 0 or _index >= 9
        instances:
          value:
            value: >-
              (groups[0] & 0x7f)
              + (groups.size > 1 ? (groups[1] & 0x7f).as<u8> << 7 : 0)
              + (groups.size > 2 ? (groups[2] & 0x7f).as<u8> << 14 : 0)
              + (groups.size > 3 ? (groups[3] & 0x7f).as<u8> << 21 : 0)
              + (groups.size > 4 ? (groups[4] & 0x7f).as<u8> << 28 : 0)
              + (groups.size > 5 ? (groups[5] & 0x7f).as<u8> << 35 : 0)
              + (groups.size > 6 ? (groups[6] & 0x7f).as<u8> << 42 : 0)
              + (groups.size > 7 ? (groups[7] & 0x7f).as<u8> << 49 : 0)
              + (groups.size > 8 ? (groups[8] & 0x7f).as<u8> << 56 : 0)
      build_version_command:
        seq:
          - id: platform
            type: u4
          - id: minos
            type: u4
          - id: sdk
            type: u4
          - id: ntools
            type: u4
          - id: tools
            type: build_tool_version
            repeat: expr
            repeat-expr: ntools
      build_tool_version:
        seq:
          - id: tool
            type: u4
          - id: version
            type: u4
      version_min_command:
        seq:
          - id: version
            type: u4
          - id: sdk
            type: u4
      dylib_command:
        seq:
          - id: name_offset
            type: u4
          - id: timestamp
            type: u4
          - id: current_version
            type: u4
          - id: compatibility_version
            type: u4
        instances:
          name:
            pos: name_offset - 8
            type: strz
            encoding: UTF-8
            if: name_offset >= 24 and name_offset - 8 < _io.size
      lc_str_command:
        seq:
          - id: str_offset
            type: u4
        instances:
          value:
            pos: str_offset - 8
            type: strz
            encoding: UTF-8
            if: str_offset >= 12 and str_offset - 8 < _io.size
      entry_point_command:
        seq:
          - id: entryoff
            type: u8
          - id: stacksize
            type: u8
      source_version_command:
        seq:
          - id: version
            type: u8

enums:
  load_command_type:
    0x1: segment
    0x2: symtab
    0x4: thread
    0x5: unixthread
    0xb: dysymtab
    0xc: load_dylib
    0xd: id_dylib
    0xe: load_dylinker
    0xf: id_dylinker
    0x19: segment_64
    0x1b: uuid
    0x1d: code_signature
    0x1e: segment_split_info
    0x20: lazy_load_dylib
    0x21: encryption_info
    0x22: dyld_info
    0x24: version_min_macosx
    0x25: version_min_iphoneos
    0x26: function_starts
    0x27: dyld_environment
    0x29: data_in_code
    0x2a: source_version
    0x2b: dylib_code_sign_drs
    0x2c: encryption_info_64
    0x2d: linker_option
    0x2e: linker_optimization_hint
    0x2f: version_min_tvos
    0x30: version_min_watchos
    0x31: note
    0x32: build_version
    0x80000018: load_weak_dylib
    0x8000001c: rpath
    0x8000001f: reexport_dylib
    0x80000022: dyld_info_only
    0x80000023: load_upward_dylib
    0x80000028: main
    0x80000033: dyld_exports_trie
    0x80000034: dyld_chained_fixups
