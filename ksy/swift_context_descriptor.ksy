meta:
  id: swift_context_descriptor
  title: Swift 5 context descriptors (the parts that name a nominal type and its metadata accessor)
  license: MIT
  endian: le
doc: |
  __TEXT,__swift5_types holds one s4 per type: an offset from the entry's own address to the type's
  context descriptor; the low 2 bits say how (0 direct, 1 indirect through a pointer slot). Every
  descriptor starts with flags and a relative parent pointer (low bit 1 = indirect); modules add a
  name, nominal types (class, struct, enum) a name, their metadata accessor function and fields.
  All relative offsets are from the field's own address.
doc-ref: swiftlang/swift include/swift/ABI/Metadata.h, MetadataValues.h (ContextDescriptorKind)
seq: []
types:
  header:
    seq:
      - id: flags
        type: u4
      - id: parent
        type: s4
    instances:
      kind:
        value: flags & 0x1f
        doc: 0 module, 1 extension, 2 anonymous, 3 protocol, 4 opaque type, 16 class, 17 struct, 18 enum
      is_generic:
        value: (flags & 0x80) != 0
  module:
    seq:
      - id: flags
        type: u4
      - id: parent
        type: s4
      - id: name
        type: s4
  nominal_type:
    seq:
      - id: flags
        type: u4
      - id: parent
        type: s4
      - id: name
        type: s4
      - id: access_function
        type: s4
      - id: fields
        type: s4
