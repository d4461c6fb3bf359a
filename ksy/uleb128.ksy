meta:
  id: uleb128
  title: Unsigned LEB128 variable-length integer (as Mach-O's dyld info, export trie and function starts use it)
  license: MIT
doc: |
  Seven value bits per byte, least significant group first; the high bit says another byte follows.
  At most 10 bytes are read (64 value bits); a longer run is cut there, so a hostile stream cannot make
  one value unbounded.
seq:
  - id: groups
    type: u1
    repeat: until
    repeat-until: (_ & 0x80) == 0 or _index >= 9
instances:
  value:
    value: >-
      ((groups[0] & 0x7f).as<u8>
      + (groups.size > 1 ? (groups[1] & 0x7f).as<u8> << 7 : 0)
      + (groups.size > 2 ? (groups[2] & 0x7f).as<u8> << 14 : 0)
      + (groups.size > 3 ? (groups[3] & 0x7f).as<u8> << 21 : 0)
      + (groups.size > 4 ? (groups[4] & 0x7f).as<u8> << 28 : 0)
      + (groups.size > 5 ? (groups[5] & 0x7f).as<u8> << 35 : 0)
      + (groups.size > 6 ? (groups[6] & 0x7f).as<u8> << 42 : 0)
      + (groups.size > 7 ? (groups[7] & 0x7f).as<u8> << 49 : 0)
      + (groups.size > 8 ? (groups[8] & 0x7f).as<u8> << 56 : 0)
      + (groups.size > 9 ? (groups[9] & 0x01).as<u8> << 63 : 0)).as<u8>
    doc: The value as a 64-bit number (a Java long; values of 2^63 and above are negative).
