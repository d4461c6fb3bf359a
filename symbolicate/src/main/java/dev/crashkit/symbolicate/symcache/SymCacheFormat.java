package dev.crashkit.symbolicate.symcache;

/**
 * The symbol cache file layout, version 1. Little-endian; every section 8-aligned.
 *
 * <pre>
 * header (64 bytes)
 *   0  "CKSC"                 magic
 *   4  u16 format version     (this layout; a reader refuses any other)
 *   6  u16 builder version    (bumped whenever the builder's output for the same input changes)
 *   8  u32 header size (64)
 *  12  u32 section count      (directory entries after the header)
 *  16  u64 file length
 *  24  u32 CRC32C of the body (everything after the directory)
 *  28  u32 CRC32C of header + directory, computed with this field zero
 *  32  32 reserved bytes (zero)
 * directory: per section u32 kind, u32 item size, u64 offset, u64 length (unknown kinds are skipped)
 * </pre>
 *
 * Sections (item size in brackets): KEY [1] the identity the file was built for (UTF-8, compared
 * byte for byte); MODULE [48] i32 file string, i32 arch label string, u32 arch flags, i32 ELF
 * machine, u64 link base, u64 Mach-O cpu type, u64 subtype, i32 DWARF name string (what error
 * messages start with), u32 zero; SEGMENTS [16] u64 start, u64 size;
 * STRING_OFFSETS [4] n + 1 ascending offsets into STRINGS, string i being
 * [offset i, offset i+1 - 1) followed by a NUL; STRINGS [1]; SYMBOLS [24] u64 start, u64 end,
 * u32 name offset into STRINGS, u32 zero; RANGE_STARTS [8] ascending unsigned addresses;
 * RANGE_CODES [4] i32 per range (location, -1 no frames, -2 - k error k); LOCATIONS [20] i32
 * function, file string, line, column, parent location (smaller index, or -1); FUNCTIONS [16]
 * i32 names, u32 flags, u64 low pc; NAMES [16] i32 linkage name string, i32 name string, u64
 * decl line; ERRORS [4] i32 message string. String references are indexes, -1 for none.
 */
final class SymCacheFormat {
    static final int MAGIC = 'C' | 'K' << 8 | 'S' << 16 | 'C' << 24;
    static final int FORMAT_VERSION = 1;
    static final int BUILDER_VERSION = 1;
    static final int HEADER_SIZE = 64;
    static final int DIRECTORY_ENTRY = 24;
    static final int MAX_SECTIONS = 64;

    static final int KEY = 1;
    static final int MODULE = 2;
    static final int SEGMENTS = 3;
    static final int STRING_OFFSETS = 4;
    static final int STRINGS = 5;
    static final int SYMBOLS = 6;
    static final int RANGE_STARTS = 7;
    static final int RANGE_CODES = 8;
    static final int LOCATIONS = 9;
    static final int FUNCTIONS = 10;
    static final int ERRORS = 11;
    static final int NAMES = 12;
    static final int KINDS = 13;

    /** Item size of each known kind (index = kind). */
    static final int[] ITEM_SIZE = {0, 1, 48, 16, 4, 1, 24, 8, 4, 20, 16, 4, 16};

    /** Arch flags in MODULE. */
    static final int ARCH_KNOWN = 1;
    static final int ARCH_CPU_TYPE = 2;
    static final int ARCH_SUBTYPE = 4;
    static final int ARCH_ELF_MACHINE = 8;

    private SymCacheFormat() {
    }

    static int align8(int n) {
        return (n + 7) & ~7;
    }
}
