meta:
  id: sleb128
  title: Signed LEB128 variable-length integer (BIND_OPCODE_SET_ADDEND_SLEB)
  license: MIT
  imports:
    - uleb128
doc: Like uleb128; bit 6 of the last byte is the sign, extended over the bits above the last group.
seq:
  - id: raw
    type: uleb128
instances:
  bits:
    value: 'raw.groups.size * 7'
  value:
    value: >-
      bits < 64 and (raw.groups[raw.groups.size - 1] & 0x40) != 0
      ? (raw.value.as<s8> | ((-1).as<s8> << bits)).as<s8>
      : raw.value.as<s8>
