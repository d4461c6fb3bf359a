meta:
  id: macho_unwind_info
  title: Apple compact unwind information (__TEXT,__unwind_info)
  license: MIT
  endian: le
doc: |
  Parse the top-level type from a stream holding exactly the section's bytes. A two-level index of
  the image's functions: the first level (index_entry, sorted by function offset, the last one a
  sentinel whose function offset is the end of the last function and whose page offset is 0) points
  at second-level pages, regular (function offset and 32-bit encoding per entry) or compressed (a
  24-bit offset from the first-level entry's function offset and an 8-bit index into the section's
  common encodings, then the page's own). Function offsets are from the image's Mach-O header.
  Personalities and LSDAs are not needed to unwind. The arrays are read, bounds-checked, and
  searched by format.macho.unwind.CompactUnwindInfo.
doc-ref: |
  libunwind include/mach-o/compact_unwind_encoding.h (unwind_info_section_header,
  unwind_info_section_header_index_entry, unwind_info_regular_second_level_page_header,
  unwind_info_compressed_second_level_page_header)
seq:
  - id: version
    type: u4
    doc: UNWIND_SECTION_VERSION, 1.
  - id: common_encodings_array_section_offset
    type: u4
  - id: common_encodings_array_count
    type: u4
  - id: personality_array_section_offset
    type: u4
  - id: personality_array_count
    type: u4
  - id: index_section_offset
    type: u4
  - id: index_count
    type: u4
types:
  index_entry:
    doc: Parse at index_section_offset + 12 * i.
    seq:
      - id: function_offset
        type: u4
      - id: second_level_pages_section_offset
        type: u4
        doc: 0 in the sentinel entry.
      - id: lsda_index_array_section_offset
        type: u4
  second_level_page_header:
    doc: Parse at an index entry's second_level_pages_section_offset.
    seq:
      - id: kind
        type: u4
        enum: page_kind
      - id: entry_page_offset
        type: u2
        doc: From the start of the page.
      - id: entry_count
        type: u2
      - id: encodings_page_offset
        type: u2
        if: kind == page_kind::compressed
        doc: From the start of the page.
      - id: encodings_count
        type: u2
        if: kind == page_kind::compressed
  regular_entry:
    seq:
      - id: function_offset
        type: u4
      - id: encoding
        type: u4
  compressed_entry:
    seq:
      - id: packed
        type: u4
    instances:
      function_offset_delta:
        value: packed & 0xffffff
        doc: From the first-level entry's function offset.
      encoding_index:
        value: packed >> 24
        doc: Below common_encodings_array_count a common encoding, else the page's (index minus that count).
enums:
  page_kind:
    2: regular
    3: compressed
