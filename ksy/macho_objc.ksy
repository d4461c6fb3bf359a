meta:
  id: macho_objc
  title: Objective-C 2 runtime metadata as a 64-bit linker writes it (classes, categories, method lists)
  license: MIT
  endian: le
doc: |
  Every u8 field here that holds an address is a pointer slot: in a file on disk it is a rebase or bind
  fixup (chained or LC_DYLD_INFO), decoded by format.macho.fixups before it can be followed. Relative
  (small) method lists hold 32-bit offsets from the field's own address instead. Parse each type at
  the file offset of its address.
doc-ref: objc4 runtime/objc-runtime-new.h; dyld mach_o/ObjC.h
seq: []
types:
  class:
    doc: class_t (objc_class). Also the start of a Swift class (swift_class_t continues after data).
    seq:
      - id: isa
        type: u8
        doc: The metaclass (for a metaclass, the root metaclass).
      - id: superclass
        type: u8
      - id: cache
        type: u8
      - id: vtable
        type: u8
      - id: data
        type: u8
        doc: class_ro_t address with flag bits below bit 3 (FAST_IS_SWIFT_LEGACY 1, FAST_IS_SWIFT_STABLE 2).
  class_ro:
    doc: class_ro_t.
    seq:
      - id: flags
        type: u4
        doc: RO_META 1, RO_ROOT 2, RO_HIDDEN 0x10, RO_HAS_SWIFT_INITIALIZER 0x40, RO_IS_ARC 0x80
      - id: instance_start
        type: u4
      - id: instance_size
        type: u4
      - id: reserved
        type: u4
      - id: ivar_layout
        type: u8
      - id: name
        type: u8
      - id: base_methods
        type: u8
        doc: method_list_t; low bit 1 = a relative list of lists (shared cache only).
      - id: base_protocols
        type: u8
      - id: ivars
        type: u8
      - id: weak_ivar_layout
        type: u8
      - id: base_properties
        type: u8
    instances:
      is_meta:
        value: (flags & 1) != 0
  method_list:
    doc: method_list_t header; entries follow at +8, entsize bytes apart.
    seq:
      - id: entsize_and_flags
        type: u4
      - id: count
        type: u4
    instances:
      entsize:
        value: entsize_and_flags & 0xfffc
      is_small:
        value: (entsize_and_flags & 0x80000000) != 0
        doc: Relative method list (entries are method_small).
      uses_direct_selectors:
        value: (entsize_and_flags & 0x40000000) != 0
        doc: Small entries name selectors in the shared cache, not in this image.
  method_big:
    seq:
      - id: name
        type: u8
        doc: Selector name (a C string).
      - id: types
        type: u8
      - id: imp
        type: u8
  method_small:
    doc: All three are offsets from the field's own address.
    seq:
      - id: name
        type: s4
        doc: To a selector reference (a pointer slot holding the name's address).
      - id: types
        type: s4
      - id: imp
        type: s4
  category:
    doc: category_t.
    seq:
      - id: name
        type: u8
      - id: cls
        type: u8
        doc: The class extended; a bind to _OBJC_CLASS_$_X when X lives in another image.
      - id: instance_methods
        type: u8
      - id: class_methods
        type: u8
      - id: protocols
        type: u8
      - id: instance_properties
        type: u8
