meta:
  id: elf
  title: ELF object file (32/64-bit, little- or big-endian)
  license: MIT
doc: |
  An ELF file: identification, file header, program headers, section headers. Section contents
  are reached through the headers' offsets; the types below describe the contents we read
  (symbol tables, notes, the Elf_Chdr header of SHF_COMPRESSED sections). Everything after
  e_ident is read in the byte order e_ident[EI_DATA] selects, so all of it lives in `body`.
  Raw integers are kept next to nothing-else enums because unknown enum values become null
  in the Java target.
doc-ref: https://refspecs.linuxfoundation.org/elf/gabi4+/contents.html
seq:
  - id: ident
    type: identification
  - id: body
    type: file_body
types:
  identification:
    seq:
      - id: magic
        contents: [0x7f, 0x45, 0x4c, 0x46]
      - id: elf_class
        type: u1
        valid:
          any-of: [1, 2]
        doc: 1 = ELFCLASS32, 2 = ELFCLASS64
      - id: data
        type: u1
        valid:
          any-of: [1, 2]
        doc: 1 = ELFDATA2LSB (little-endian), 2 = ELFDATA2MSB (big-endian)
      - id: version
        type: u1
      - id: os_abi
        type: u1
      - id: abi_version
        type: u1
      - id: padding
        size: 7
    instances:
      is_64:
        value: elf_class == 2
      is_le:
        value: data == 1
  file_body:
    meta:
      endian:
        switch-on: _root.ident.data
        cases:
          1: le
          2: be
    seq:
      - id: e_type
        type: u2
      - id: machine
        type: u2
      - id: version
        type: u4
      - id: entry
        type: word
      - id: phoff
        type: word
      - id: shoff
        type: word
      - id: flags
        type: u4
      - id: ehsize
        type: u2
      - id: phentsize
        type: u2
      - id: phnum
        type: u2
      - id: shentsize
        type: u2
      - id: shnum
        type: u2
      - id: shstrndx
        type: u2
    instances:
      program_headers:
        pos: phoff.value
        size: phentsize
        type: program_header
        repeat: expr
        repeat-expr: phnum
        if: phnum > 0 and phentsize > 0
      section_headers:
        pos: shoff.value
        size: shentsize
        type: section_header
        repeat: expr
        repeat-expr: shnum
        if: shnum > 0 and shentsize > 0
    types:
      word:
        doc: An address, offset or size field (Elf32_Addr/Off/Word or Elf64_Addr/Off/Xword).
        seq:
          - id: value32
            type: u4
            if: not _root.ident.is_64
          - id: value64
            type: u8
            if: _root.ident.is_64
        instances:
          value:
            value: '_root.ident.is_64 ? value64 : value32.as<u8>'
      program_header:
        seq:
          - id: p_type
            type: u4
          - id: flags64
            type: u4
            if: _root.ident.is_64
          - id: offset
            type: word
          - id: vaddr
            type: word
          - id: paddr
            type: word
          - id: filesz
            type: word
          - id: memsz
            type: word
          - id: flags32
            type: u4
            if: not _root.ident.is_64
          - id: align
            type: word
        instances:
          flags:
            value: '_root.ident.is_64 ? flags64 : flags32'
      section_header:
        seq:
          - id: name_offset
            type: u4
          - id: sh_type
            type: u4
          - id: flags
            type: word
          - id: addr
            type: word
          - id: offset
            type: word
          - id: size
            type: word
          - id: link
            type: u4
          - id: info
            type: u4
          - id: addralign
            type: word
          - id: entsize
            type: word
      symbol:
        doc: Elf32_Sym / Elf64_Sym (the two differ in field order).
        seq:
          - id: name_offset
            type: u4
          - id: value32
            type: u4
            if: not _root.ident.is_64
          - id: size32
            type: u4
            if: not _root.ident.is_64
          - id: info
            type: u1
          - id: other
            type: u1
          - id: shndx
            type: u2
          - id: value64
            type: u8
            if: _root.ident.is_64
          - id: size64
            type: u8
            if: _root.ident.is_64
        instances:
          value:
            value: '_root.ident.is_64 ? value64 : value32.as<u8>'
          size:
            value: '_root.ident.is_64 ? size64 : size32.as<u8>'
          sym_type:
            value: info & 0xf
          binding:
            value: info >> 4
      symbol_table:
        doc: The entries of .symtab or .dynsym (parse from the section's bytes; entries have entsize bytes).
        params:
          - id: entsize
            type: u4
        seq:
          - id: symbols
            size: entsize
            type: symbol
            repeat: eos
      note:
        doc: One entry of a SHT_NOTE section or PT_NOTE segment; name and desc are padded to 4 bytes.
        seq:
          - id: namesz
            type: u4
          - id: descsz
            type: u4
          - id: note_type
            type: u4
          - id: name
            size: namesz
          - id: name_padding
            size: (4 - namesz % 4) % 4
          - id: desc
            size: descsz
          - id: desc_padding
            size: (4 - descsz % 4) % 4
      note_list:
        seq:
          - id: notes
            type: note
            repeat: eos
      compression_header:
        doc: Elf32_Chdr / Elf64_Chdr at the start of a SHF_COMPRESSED section.
        seq:
          - id: ch_type
            type: u4
            doc: 1 = ELFCOMPRESS_ZLIB, 2 = ELFCOMPRESS_ZSTD
          - id: reserved
            type: u4
            if: _root.ident.is_64
          - id: size
            type: word
          - id: addralign
            type: word
